extension Key {
  /// The key as the help and the README name it: "Space", "Ctrl-R", "Shift-Tab", "k".
  public var displayName: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .function(let number): "F\(number)"
    case .mouse: "click"
    default: Self.namedKeys.first { $0.key == self }?.name ?? ""
    }
  }
}

extension Key {
  /// A key name that names no key Tally can bind; the description says why.
  public struct NameError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The named keys, as ``displayName`` spells them; parsed ignoring case.
  private static let namedKeys: [(name: String, key: Key)] = [
    ("Space", .space), ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Shift-Tab", .backTab),
    ("Backspace", .backspace), ("Delete", .delete), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
    ("Home", .home), ("End", .end), ("PageUp", .pageUp), ("PageDown", .pageDown), ("Comma", .character(",")),
  ]

  /// Ctrl chords that arrive as other keys or that the app keeps for itself.
  private static func reservedControl(_ letter: Character) -> String? {
    switch letter {
    case "h": "the terminal sends Ctrl-H as Backspace"
    case "i": "the terminal sends Ctrl-I as Tab"
    case "j", "m": "the terminal sends Ctrl-\(letter.uppercased()) as Enter"
    case "z": "Ctrl-Z suspends tally"
    default: nil
    }
  }

  /// The key `name` names, spelled as the help shows keys (``displayName``).
  ///
  /// Named keys and the `Ctrl-` prefix are read ignoring case (`space`, `PageUp`, `ctrl-r`,
  /// `f5`); a single character is that character, case and all (`k` and `K` are two keys).
  /// `Comma` names the comma, which separates the names in a list.
  public init(name: String) throws(NameError) {
    let lowered = name.lowercased()
    if let named = Self.namedKeys.first(where: { $0.name.lowercased() == lowered }) {
      self = named.key
      return
    }
    if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
      if let reason = Self.reservedControl(letter) { throw NameError(description: "\(name) cannot be bound: \(reason)") }
      self = .control(letter)
      return
    }
    if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) {
      self = .function(number)
      return
    }
    if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first,
      !scalar.properties.isWhitespace, scalar.value >= 0x21, scalar.value != 0x7F, scalar != ","
    {
      self = .character(Character(scalar))
      return
    }
    throw NameError(description: "\"\(name)\" is not a key name; \(Self.nameRules)")
  }

  /// How keys are named, for messages and help.
  public static let nameRules =
    "a key is a single character (case matters: k, K, +, ?), Space, Enter, Esc, Tab, Shift-Tab, Backspace, Delete, "
    + "Up, Down, Left, Right, Home, End, PageUp, PageDown, F1 to F12, Comma, or Ctrl- and a letter (Ctrl-R)"

  /// The keys a comma-separated list of names names, in order: "space,+,k,up".
  ///
  /// Spaces around a name are ignored; a name given twice counts once.
  public static func keys(fromList text: String) throws(NameError) -> [Key] {
    var keys: [Key] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingSpaces()
      guard !name.isEmpty else {
        throw NameError(description: "\"\(text)\" has an empty key name; separate names with single commas (space,+,k)")
      }
      let key = try Key(name: name)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// `keys` as a list of names that ``keys(fromList:)`` reads back: "Space,+,k,Up".
  public static func list(_ keys: [Key]) -> String {
    var text = ""
    for key in keys {
      if !text.isEmpty { text += "," }
      text += key.settingName
    }
    return text
  }

  /// The key's name in a list of keys: its ``displayName``, but `Comma` for the comma.
  public var settingName: String { self == .character(",") ? "Comma" : displayName }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
