/// A `UserDefaultsProtocol` store that lives only in memory: nothing is read from or
/// written to disk.
///
/// This is the article's `InMemoryUserDefaults`, and a product feature: the
/// `-useInMemoryUserDefaults` launch argument runs Tally on one, so scripted and UI tests
/// never touch the user's counts and never see each other's. Its domains are the file
/// store's own (`LayeredUserDefaults`), so code behaves the same on either.
public final class InMemoryUserDefaults: LayeredUserDefaults {
  /// Makes an empty store, optionally with values already in its persistent domain.
  public init(values: [String: PropertyListValue] = [:]) {
    super.init(values: values)
  }
}
