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
    var name = "keys-"
    if let screen = A.screenName { name += screen + "-" }
    name += action.name
    // Made of names without `.`, `-` or spaces (a test checks every one): every command
    // makes these, and checking each was 0.5 % of a `tally get` (docs/settings.md).
    return DefaultsKey(unchecked: name)
  }
}

/// Every defaults key Tally reads, with its kind and default: the defaults registered, the
/// keys a launch argument may override, and the settings `tally config` shows and changes.
public enum AppDefaults {
  /// A class, not a struct: every command walks the table several times (the registration,
  /// the store's check, the synced settings), and a copy of a struct of seven strings and
  /// values was seven retains and releases (docs/settings.md).
  public final class Entry: Sendable {
    public let key: DefaultsKey
    public let defaultValue: PropertyListValue
    /// What it is, in English where the JSON of `tally config list --json` has it, and
    /// translated in its text (`tr(summary)`).
    private let text: Translatable
    /// A key binding's screen (`nil` for the counter screen) and words for the help: its name
    /// and summary are made when asked, as every command makes the table.
    private let binding: (screen: String?, description: String)?
    /// Whether it is a setting the user chooses, rather than the app's own state.
    public let isSetting: Bool
    public let allowed: Allowed
    /// Overrides the stored value when set to an allowed one.
    public let environmentVariable: String?
    /// Whether sync leaves it alone, as it is about this machine only (a disk's speed).
    public let isMachineOnly: Bool

    /// What `tally config list` says of it.
    public var summary: Translatable {
      guard let binding else { return text }
      return Translatable(stringLiteral: (binding.screen.map { $0 + " " } ?? "") + "keys: " + binding.description)
    }

    /// Its name for `tally config` and `-NAME VALUE`: `theme`, `keys.increment`, and
    /// `keys.board.undo` for the key `keys-board-undo` (no dot in a key).
    public var name: String {
      binding == nil ? key.name : String(key.name.map { $0 == "-" ? "." : $0 })
    }
    public var kind: PropertyListValue.Kind { defaultValue.kind }

    /// Whether `text` is its ``name``, compared without making the name.
    public func isNamed(_ text: String) -> Bool {
      guard binding != nil else { return key.name == text }
      return text.utf8.elementsEqual(key.name.utf8.lazy.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: ".") : $0 })
    }

    init(
      key: DefaultsKey, defaultValue: PropertyListValue, summary: Translatable, isSetting: Bool = false,
      allowed: Allowed = .anyOfItsKind, environmentVariable: String? = nil, isMachineOnly: Bool = false
    ) {
      self.key = key
      self.defaultValue = defaultValue
      text = summary
      binding = nil
      self.isSetting = isSetting
      self.allowed = allowed
      self.environmentVariable = environmentVariable
      self.isMachineOnly = isMachineOnly
    }

    /// The setting of `binding`'s keys.
    init<A: ScreenAction>(_ binding: KeyMap<A>.Binding) {
      key = DefaultsKey.keys(forAction: binding.action)
      defaultValue = .string(Key.list(binding.keys))
      text = ""
      self.binding = (A.screenName, binding.description)
      isSetting = true
      allowed = .keys
      environmentVariable = nil
      isMachineOnly = false
    }
  }

  public static let entries: [Entry] = {
    var entries = stateEntries + settingEntries
    appendKeyEntries(CounterViewModel.Action.self, to: &entries)
    appendKeyEntries(BoardViewModel.Action.self, to: &entries)
    appendKeyEntries(HistoryViewModel.Action.self, to: &entries)
    appendKeyEntries(CounterSettingsViewModel.Action.self, to: &entries)
    return entries
  }()

  private static var stateEntries: [Entry] {
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
    ]
  }

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
    ]
  }

  /// A screen's `keys.*` settings, in its key map's order.
  private static func appendKeyEntries<A: ScreenAction>(_: A.Type, to entries: inout [Entry]) {
    for binding in A.defaultKeyMap.bindings { entries.append(Entry(binding)) }
  }

  public static func entry(named name: String) -> Entry? {
    entries.first { $0.isNamed(name) }
  }

  public static func setting(named name: String) -> Entry? {
    entries.first { $0.isSetting && $0.isNamed(name) }
  }

  /// Registers the defaults of the state and the settings but the key bindings.
  ///
  /// Tally's own stores take the values as they are: through `Any`, each would be cast back
  /// type by type before every command's first output (docs/performance.md).
  /// The key bindings are left out: they are read from the table, never from the store's
  /// defaults, and registering them was a sixth of a `tally get` (docs/settings.md).
  public static func register(in store: any SharedStore) {
    var values: [String: PropertyListValue] = [:]
    values.reserveCapacity(entries.count)
    for entry in entries where !entry.allowed.isKeys { values[entry.key.name] = entry.defaultValue }
    store.register(values: values)
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
