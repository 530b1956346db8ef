import TallyModel

/// The command lines people type most, recognised exactly so that `tally` can run them
/// without building the argument parser's command tree.
///
/// swift-argument-parser's start-up cost misses the first-frame and `tally inc` targets
/// (docs/performance.md). The forms below are matched token by token; anything else returns
/// `nil` and goes to the parser, the only source of usage errors and help text.
public enum CommonCommandLine: Equatable, Sendable {
  /// `tally [-useInMemoryUserDefaults] [-skipOnboarding]`
  case interactive(LaunchArguments)
  /// `tally inc|dec [NAME] [--by N] [-q|--quiet]`; `sign` is 1 for inc, -1 for dec.
  case add(name: String?, amount: Int?, sign: Int, quiet: Bool)
  /// `tally get [NAME] [--json | --format TEMPLATE] [-q|--quiet]`, with a template that reads
  /// (a mistaken one goes to the parser, for its usage error).
  case get(name: String?, json: Bool, quiet: Bool, format: String? = nil)
  /// `tally reset [NAME] [-q|--quiet]`
  case reset(name: String?, quiet: Bool)
  /// `tally list [--json] [-q|--quiet]`
  case list(json: Bool, quiet: Bool)

  /// The invocation `arguments` (after launch-argument scanning) spell, or `nil`.
  public static func recognize(_ arguments: [String]) -> CommonCommandLine? {
    guard let first = arguments.first else { return .interactive([]) }
    if let flag = LaunchArguments(argument: first) {
      var flags = flag
      for argument in arguments.dropFirst() {
        guard let flag = LaunchArguments(argument: argument), flags.insert(flag).inserted else { return nil }
      }
      return .interactive(flags)
    }
    guard let options = Options(arguments.dropFirst()) else { return nil }
    switch first {
    case "inc", "dec":
      guard !options.json, options.format == nil else { return nil }
      return .add(name: options.name, amount: options.amount, sign: first == "inc" ? 1 : -1, quiet: options.quiet)
    case "get":
      guard options.amount == nil else { return nil }
      if let format = options.format {
        guard !options.json, (try? CounterTemplate(format)) != nil else { return nil }
      }
      return .get(name: options.name, json: options.json, quiet: options.quiet, format: options.format)
    case "reset":
      guard options.amount == nil, !options.json, options.format == nil else { return nil }
      return .reset(name: options.name, quiet: options.quiet)
    case "list":
      guard options.amount == nil, options.name == nil, options.format == nil else { return nil }
      return .list(json: options.json, quiet: options.quiet)
    default:
      return nil
    }
  }

  /// The options after a subcommand, each allowed once.
  private struct Options {
    var name: String?
    var amount: Int?
    var json = false
    var quiet = false
    var format: String?

    init?(_ tokens: ArraySlice<String>) {
      var index = tokens.startIndex
      while index < tokens.endIndex {
        let token = tokens[index]
        index += 1
        switch token {
        case "-q", "--quiet":
          guard !quiet else { return nil }
          quiet = true
        case "--json":
          guard !json else { return nil }
          json = true
        case "--by":
          guard amount == nil, index < tokens.endIndex, let value = Int(tokens[index]) else { return nil }
          amount = value
          index += 1
        case "--format":
          guard format == nil, index < tokens.endIndex else { return nil }
          format = tokens[index]
          index += 1
        default:
          if token.hasPrefix("--format=") {
            guard format == nil else { return nil }
            format = String(token.dropFirst("--format=".count))
          } else if token.hasPrefix("--by=") {
            guard amount == nil, let value = Int(token.dropFirst(5)) else { return nil }
            amount = value
          } else {
            guard name == nil, !token.hasPrefix("-"), !token.isEmpty else { return nil }
            name = token
          }
        }
      }
    }
  }
}
