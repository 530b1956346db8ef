import Testing

/// A test suite that runs the built `tally` on a store in a temporary data directory of its own.
public protocol CommandSuite {
  var tally: String { get }
  /// `XDG_DATA_HOME`.
  var data: TemporaryDirectory { get }
  /// Variables set for every run besides `XDG_DATA_HOME` and `PATH`, such as `TZ`.
  var extraEnvironment: [String: String] { get }
}

extension CommandSuite {
  public var extraEnvironment: [String: String] { [:] }

  public var environment: [String: String] {
    ["XDG_DATA_HOME": data.path, "PATH": "/usr/bin:/bin"].merging(extraEnvironment) { $1 }
  }

  public var storeDirectory: String { data.appending("tally") }

  @discardableResult
  public func run(_ arguments: String..., environment extra: [String: String] = [:]) throws -> ChildProcess.Result {
    try ChildProcess.run(tally, arguments, environment: environment.merging(extra) { $1 })
  }

  @discardableResult
  public func expectSuccess(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ChildProcess.Result
  {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    return result
  }

  /// Expects exit 0, exactly `expected` on stdout and nothing on stderr.
  public func expectOutput(_ arguments: String..., is expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.standardOutput == expected, "\(result)", sourceLocation: sourceLocation)

    #expect(result.standardError.isEmpty, "\(result)", sourceLocation: sourceLocation)
  }

  /// Expects exit `status`, `message` in stderr and nothing on stdout.
  public func expectFailure(
    _ arguments: String..., status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(result.standardError.contains(message), "\(result)", sourceLocation: sourceLocation)
    #expect(result.standardOutput.isEmpty, "\(result)", sourceLocation: sourceLocation)
  }
}
