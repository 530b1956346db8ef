/// A store that lives only in memory, with the file store's domains: the
/// `-useInMemoryUserDefaults` launch argument runs Tally on one, so scripted and UI tests
/// never touch the user's counts and never see each other's.
public final class InMemoryUserDefaults: LayeredUserDefaults {
  /// Makes an empty store, optionally with values already in its persistent domain.
  public override init(values: [String: PropertyListValue] = [:]) {
    super.init(values: values)
  }
}
