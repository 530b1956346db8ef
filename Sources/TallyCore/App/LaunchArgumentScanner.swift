/// Finds the single-dash launch arguments in a command line before the argument parser sees
/// it.
///
/// Apple-style arguments such as `-skipOnboarding` are whole words after one dash, which a
/// POSIX parser would read as a cluster of short flags (`-s -k -i ...`, and an `h` in the
/// cluster would print the help). The scanner lets through what the parser should handle,
/// and turns an unknown single-dash word into a usage error that names it.
public enum LaunchArgumentScanner {
  /// A single-dash word that is not a launch argument Tally knows.
  public struct UnknownArgument: Error, Equatable, CustomStringConvertible {
    public var argument: String

    public init(argument: String) {
      self.argument = argument
    }

    public var description: String {
      let known = LaunchArgument.allCases.map(\.rawValue).joined(separator: ", ")
      return "unknown argument '\(argument)'; the launch arguments are \(known) (see --help)"
    }
  }

  /// Checks `arguments` (without the program name) and returns them unchanged for the parser.
  public static func scan(_ arguments: [String]) throws(UnknownArgument) -> [String] {
    let known = Set(LaunchArgument.allCases.map(\.rawValue))
    for argument in arguments {
      if argument == "--" { break }
      guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2 else { continue }
      guard argument.dropFirst().first?.isLetter == true else { continue }  // "-5" is a number
      if !known.contains(argument) { throw UnknownArgument(argument: argument) }
    }
    return arguments
  }
}
