import Glibc

public enum Executables {
  /// The `tally` binary built beside the test bundle, or `$TALLY_BINARY` when set.
  public static func tally() throws -> String {
    if let override = getenv("TALLY_BINARY") { return String(cString: override) }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { throw TestSupportError("cannot read /proc/self/exe") }
    let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var directory = executable
    while let slash = directory.lastIndex(of: "/") {
      directory = String(directory[..<slash])
      let candidate = directory + "/tally"
      if access(candidate, X_OK) == 0 { return candidate }
      if directory.hasSuffix(".build") { break }
    }
    throw TestSupportError("no tally binary next to \(executable); run `swift build` first")
  }

  public static func find(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
  }
}
