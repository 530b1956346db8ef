import TallyDefaults
import TallyLocalization
import TallyModel
import TallyScreens

extension DefaultsKey {
  public static let count = DefaultsKey("count")
  public static let hasOnboardingBeenShown = DefaultsKey("hasOnboardingBeenShown")
  /// The history screen's view last shown (`year`, `day`, `days`, `changes`), which `H` opens.
  public static let historyView = DefaultsKey("historyView")
  public static let theme = DefaultsKey("theme")
  public static let alertStyle = DefaultsKey("alertStyle")
  public static let bigDigits = DefaultsKey("bigDigits")
  public static let confirmReset = DefaultsKey("confirmReset")
  public static let confirmDelete = DefaultsKey("confirmDelete")
  public static let lockTimeout = DefaultsKey("lockTimeout")

  /// `keys-increment`, the setting `keys.increment`.
  public static func keys(for action: CounterViewModel.Action) -> DefaultsKey { keys(forAction: action) }

  /// `keys-board-undo`, the setting `keys.board.undo`: the setting's name with `-` for `.`.
  public static func keys<A: ScreenAction>(forAction action: A) -> DefaultsKey {
    DefaultsKey("keys-" + (A.screenName.map { $0 + "-" } ?? "") + action.name)
  }
}

/// Every defaults key Tally reads, with its kind and default: the defaults registered, the
/// keys a launch argument may override, and the settings `tally config` shows and changes.
public enum AppDefaults {
  public struct Entry: Sendable {
    public var key: DefaultsKey
    public var defaultValue: PropertyListValue
    /// What it is, in English where the JSON of `tally config list --json` has it, and
    /// translated in its text (`tr(summary)`).
    public var summary: Translatable
    /// `keys.<action>` for the key bindings, whose keys are `keys-<action>` (no dot in a key).
    var settingName: String? = nil
    /// Whether it is a setting the user chooses, rather than the app's own state.
    public var isSetting = false
    public var allowed = Allowed.anyOfItsKind
    /// Overrides the stored value when set to an allowed one.
    public var environmentVariable: String? = nil
    /// Whether sync leaves it alone, as it is about this machine only (a disk's speed).
    public var isMachineOnly = false

    /// Its name for `tally config` and `-NAME VALUE`: `theme`, `keys.increment`.
    public var name: String { settingName ?? key.name }
    public var kind: PropertyListValue.Kind { defaultValue.kind }
  }

  public static let entries: [Entry] =
    [
      Entry(key: .count, defaultValue: .integer(0), summary: trMarked("the first counter's value")),
      Entry(key: .hasOnboardingBeenShown, defaultValue: .bool(false), summary: trMarked("whether onboarding was shown")),
      Entry(
        key: .counters, defaultValue: [CountersModel.firstCounter].propertyListValue,
        summary: trMarked("the counters: an array of dicts with id, name and step")),
      Entry(
        key: .currentCounter, defaultValue: .string(CountersModel.firstCounter.id),
        summary: trMarked("the id of the counter on screen")),
      Entry(
        key: .historyView, defaultValue: .string(HistoryViewModel.Page.year.rawValue),
        summary: trMarked("the history screen's view that H opens: year, day, days or changes")),
    ] + settingEntries

  private static var settingEntries: [Entry] {
    [
      Entry(
        key: .theme, defaultValue: .string(Theme.standard.rawValue),
        summary: trMarked("colours: default, mono (none) or high-contrast; NO_COLOR, when set, turns colour off anyway"),
        isSetting: true, allowed: .oneOf(Theme.allCases.map { $0.rawValue })),
      Entry(
        key: .alertStyle, defaultValue: .string(AlertStyle.bell.rawValue),
        summary: trMarked("what an alert does in the app: bell, flash (the screen) or none (the notice alone)"), isSetting: true,
        allowed: .oneOf(AlertStyle.allCases.map(\.rawValue))),
      Entry(
        key: .bigDigits, defaultValue: .bool(true), summary: trMarked("draw the value in large digits when they fit"),
        isSetting: true),
      Entry(
        key: .confirmReset, defaultValue: .bool(true), summary: trMarked("ask before a reset to 0 (it can be undone either way)"),
        isSetting: true),
      Entry(
        key: .confirmDelete, defaultValue: .bool(true),
        summary: trMarked("ask before deleting a counter (it can be undone either way)"),
        isSetting: true),
      Entry(
        key: .lockTimeout, defaultValue: .real(StoreLock.defaultTimeout),
        summary: trMarked("seconds to wait for another tally to release the store"),
        isSetting: true, allowed: .range(0...3600), environmentVariable: "TALLY_LOCK_TIMEOUT",
        isMachineOnly: true),
      Entry(
        key: .dayStartsAtHour, defaultValue: .integer(0),
        summary: trMarked("the hour (0 to 23) a day starts at for goals and streaks"), isSetting: true, allowed: .range(0...23)),
    ] + keyEntries(CounterViewModel.Action.self) + keyEntries(BoardViewModel.Action.self)
      + keyEntries(HistoryViewModel.Action.self)
  }

  /// Joined with `+`, not interpolated: every command builds this table (docs/settings.md).
  private static func keyEntries<A: ScreenAction>(_: A.Type) -> [Entry] {
    A.defaultKeyMap.bindings.map { binding in
      Entry(
        key: DefaultsKey.keys(forAction: binding.action), defaultValue: .string(Key.list(binding.keys)),
        summary: Translatable(stringLiteral: (A.screenName.map { $0 + " " } ?? "") + "keys: " + binding.description),
        settingName: Settings.setting(for: binding.action), isSetting: true, allowed: .keys)
    }
  }

  public static func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }

  public static func setting(named name: String) -> Entry? {
    entries.first { $0.isSetting && $0.name == name }
  }

  /// Tally's own stores take the values as they are: through `Any`, each would be cast back
  /// type by type before every command's first output (docs/performance.md).
  public static func register(in store: any SharedStore) {
    store.register(values: Dictionary(uniqueKeysWithValues: entries.map { ($0.key.name, $0.defaultValue) }))
  }
}

extension AppDefaults.Entry {
  public struct ArgumentValueError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Reads a `-<key> <value>` launch argument as Foundation's argument domain does: a
  /// property-list XML fragment when it starts with `<`, otherwise text of the key's kind.
  public func value(fromArgument text: String) throws(ArgumentValueError) -> PropertyListValue {
    let value: PropertyListValue?
    if text.trimmingXMLWhitespace().hasPrefix("<") {
      do {
        value = try PropertyListCodec.decodeFragment(text)
      } catch {
        throw ArgumentValueError(description: tr("not a property-list value: \(error.reason)"))
      }
    } else {
      switch kind {
      case .string: value = .string(text)
      case .integer: value = Int64(text).map(PropertyListValue.integer)
      case .real: value = Double(text).flatMap { $0.isFinite ? PropertyListValue.real($0) : nil }
      case .bool:
        value =
          ["yes", "true", "1", "on"].contains(text.lowercased())
          ? .bool(true) : ["no", "false", "0", "off"].contains(text.lowercased()) ? .bool(false) : nil
      default: value = nil
      }
    }
    guard let value else { throw ArgumentValueError(description: tr("not \(kind.withArticle)")) }
    guard value.kind == kind else {
      throw ArgumentValueError(description: tr("expects \(kind.withArticle), not \(value.kind.withArticle)"))
    }
    return value
  }
}

extension PropertyListValue.Kind {
  /// "an <integer>", "a <string>".
  package var withArticle: String { "\(self == .integer || self == .array ? "an" : "a") <\(rawValue)>" }
}
