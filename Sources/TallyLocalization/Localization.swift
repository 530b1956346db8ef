#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The catalogs the texts are translated with, the first that translates a text winning;
/// none for English.
public struct Localization: Sendable {
  /// The process's, from its environment, read at the first translated text.
  ///
  /// English reads no file.
  /// The language a task draws in, when a test chooses one (``current`` otherwise).
  @TaskLocal public static var chosen: Localization?

  public static let current = Localization(
    environment: ProcessContext.environment(), directories: ProcessContext.catalogDirectories(),
    warn: ProcessContext.printWarning)

  /// The catalogs in the order of the languages asked for.
  public let catalogs: [Catalog]

  public init(catalogs: [Catalog]) {
    self.catalogs = catalogs
  }

  /// The catalogs of the languages `environment` asks for (``LanguageSelection``).
  ///
  /// Each is read from `NAME.mo` (compiled, as installed) or `NAME.po` in the first of
  /// `directories` that has one. A catalog that cannot be read (damaged, truncated, too
  /// large) is left out, and one with unsafe translations loses them: each with one call of
  /// `warn`.
  public init(environment: [String: String], directories: [String], warn: @escaping @Sendable (String) -> Void) {
    var catalogs: [Catalog] = []
    for language in LanguageSelection.languages(in: environment) {
      let candidates = directories.lazy.flatMap { ["\($0)/\(language).mo", "\($0)/\(language).po"] }
      guard let path = candidates.first(where: ProcessContext.exists) else { continue }
      do throws(POFile.Damage) {
        catalogs.append(try Self.catalog(at: path, warn: warn))
      } catch {
        warn("the catalog \(path) is damaged (\(error)); its texts are shown in English")
      }
    }
    self.init(catalogs: catalogs)
  }

  private static func catalog(at path: String, warn: @escaping @Sendable (String) -> Void) throws(POFile.Damage) -> Catalog {
    guard let bytes = ProcessContext.contents(of: path, atMost: POFile.maximumSize) else {
      throw POFile.Damage(line: 0, problem: "cannot be read, or larger than \(POFile.maximumSize) bytes")
    }
    let unsafe = "unsafe translations (control characters, or placeholders that differ from the English text)"
    if path.hasSuffix(".mo") {
      let file = try MOFile(bytes: bytes)
      guard let catalog = Catalog(compiled: file, warn: { warn("the catalog \(path) has \(unsafe); they are shown in English") })
      else { throw POFile.Damage(line: 0, problem: "bad Plural-Forms") }
      return catalog
    }
    guard let catalog = Catalog(try POFile(bytes: bytes)) else { throw POFile.Damage(line: 0, problem: "bad Plural-Forms") }
    if catalog.unsafeCount > 0 {
      warn("the catalog \(path) has \(catalog.unsafeCount) \(unsafe); they are shown in English")
    }
    return catalog
  }

  /// `text` in the first catalog that translates it, else in English.
  public func translate(_ text: Translatable) -> String {
    for catalog in catalogs {
      guard let translation = catalog.translation(of: text) else { continue }
      return text.isFormat ? Placeholders.format(translation, text.arguments) ?? text.english : translation
    }
    return text.english
  }

  /// The form for `count` in the first catalog that translates the plural text, else English's.
  public func translate(count: Int, one: Translatable, other: Translatable) -> String {
    for catalog in catalogs {
      guard let translation = catalog.translation(count: count, one: one, other: other) else { continue }
      return other.isFormat ? Placeholders.format(translation, other.arguments) ?? other.english : translation
    }
    return count == 1 ? one.english : other.english
  }
}

/// What the process's translations read of the operating system.
enum ProcessContext {
  static func environment() -> [String: String] {
    var values: [String: String] = [:]
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// `TALLY_CATALOGS` when set (a translator's folder, the tests'), `../share/tally/po`
  /// beside the executable (an installed `/usr/bin/tally`), then the source tree's
  /// `Resources/po` (the debug binary, without an install).
  static func catalogDirectories() -> [String] {
    var directories: [String] = []
    if let chosen = getenv("TALLY_CATALOGS").map({ String(cString: $0) }), !chosen.isEmpty { directories.append(chosen) }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      directories.append(parent(parent(executable)) + "/share/tally/po")
    }
    directories.append(parent(parent(parent(#filePath))) + "/Resources/po")
    return directories
  }

  static func parent(_ path: String) -> String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }

  /// The file's bytes; `nil` if it cannot be read or has more than `limit`.
  static func contents(of path: String, atMost limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size <= limit else { return nil }
    // One byte more than its size: a file that grew while read is refused, not cut.
    let capacity = Int(info.st_size) + 1
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      while initialized < capacity, let start = buffer.baseAddress {
        let got = read(fd, start + initialized, capacity - initialized)
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { break }
        initialized += got
      }
    }
    return bytes.count == capacity ? nil : bytes
  }

  /// "tally: ..." on standard error.
  static func printWarning(_ message: String) {
    let line = "tally: " + message + "\n"
    var rest = Array(line.utf8)[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      rest = rest.dropFirst(written)
    }
  }
}
