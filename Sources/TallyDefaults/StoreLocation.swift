/// Where Tally keeps its data, following the XDG Base Directory specification.
public enum StoreLocation {
  public static let fileName = "defaults.plist"

  /// `$XDG_DATA_HOME/tally`, or `$HOME/.local/share/tally` when `XDG_DATA_HOME` is unset,
  /// empty or relative (the spec says to ignore a relative one).
  public static func dataDirectory(environment: [String: String]) throws(StoreError) -> String {
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return join(dataHome, "tally")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { throw .noDataDirectory }
    return join(home, ".local/share/tally")
  }

  package static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
