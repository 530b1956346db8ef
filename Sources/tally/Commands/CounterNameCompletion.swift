import ArgumentParser
import TallyDefaults
import TallyModel
import TallyPlatform
import TallySettings

/// Offers the counters' names when the shell completes a NAME argument.
enum CounterNameCompletion {
  static let kind = CompletionKind.custom { _, _, prefix in names(startingWith: prefix) }

  /// Read from the store without changing anything.
  static func names(startingWith prefix: String) -> [String] {
    let environment = Platform.environment()
    guard let directory = try? StoreLocation.dataDirectory(environment: environment),
      let snapshot = FileUserDefaults.peek(directory: directory)
    else { return [CountersModel.firstCounter.name] }
    AppDefaults.register(in: snapshot)
    return CountersModel.storedCounters(in: snapshot).map(\.name).filter {
      $0.lowercased().hasPrefix(prefix.lowercased())
    }
  }
}
