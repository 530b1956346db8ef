import TallyScreens
import TallySettings

/// A `SettingStorage` that keeps its one setting in a property and counts writes.
public final class FakeSettingStorage: SettingStorage {
  public var showOnboarding: Bool {
    didSet { writes += 1 }
  }
  public var kept: [ScreenName: String] = [:]
  public private(set) var writes = 0

  public init(showOnboarding: Bool = true) {
    self.showOnboarding = showOnboarding
  }

  public subscript(kept screen: ScreenName) -> String? {
    get { kept[screen] }
    set { kept[screen] = newValue }
  }
}
