import TallyLocalization

extension Key {
  /// "Space", "Ctrl-R", "Shift-Tab", "k".
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
  public struct NameError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  private static let namedKeys: [(name: String, key: Key)] = [
    ("Space", .space), ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Shift-Tab", .backTab),
    ("Backspace", .backspace), ("Delete", .delete), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
    ("Home", .home), ("End", .end), ("PageUp", .pageUp), ("PageDown", .pageDown), ("Comma", .character(",")),
  ]

  /// Ctrl chords that arrive as other keys or that the app keeps for itself.
  private static func reservedControl(_ letter: Character) -> String? {
    switch letter {
    case "h": tr("the terminal sends Ctrl-H as Backspace")
    case "i": tr("the terminal sends Ctrl-I as Tab")
    case "j", "m": tr("the terminal sends Ctrl-\(letter.uppercased()) as Enter")
    case "z": tr("Ctrl-Z suspends tally")
    default: nil
    }
  }

  /// The key `name` names (``displayName``); names and `Ctrl-` ignore case, a single
  /// character keeps it.
  public init(name: String) throws(NameError) {
    let lowered = name.lowercased()
    if let named = Self.namedKeys.first(where: { $0.name.lowercased() == lowered }) {
      self = named.key
      return
    }
    if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
      if let reason = Self.reservedControl(letter) { throw NameError(description: tr("\(name) cannot be bound: \(reason)")) }
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
    throw NameError(description: tr("\"\(name)\" is not a key name; \(Self.nameRules)"))
  }

  public static let nameRules = tr(
    """
    a key is a single character (case matters: k, K, +, ?), Space, Enter, Esc, Tab, Shift-Tab, Backspace, Delete, \
    Up, Down, Left, Right, Home, End, PageUp, PageDown, F1 to F12, Comma, or Ctrl- and a letter (Ctrl-R)
    """)

  /// The keys of "space,+,k,up", in order, once each.
  public static func keys(fromList text: String) throws(NameError) -> [Key] {
    var keys: [Key] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingSpaces()
      guard !name.isEmpty else {
        throw NameError(description: tr("\"\(text)\" has an empty key name; separate names with single commas (space,+,k)"))
      }
      let key = try Key(name: name)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// "Space,+,k,Up", which ``keys(fromList:)`` reads back.
  public static func list(_ keys: [Key]) -> String {
    var text = ""
    for key in keys {
      if !text.isEmpty { text += "," }
      text += key.settingName
    }
    return text
  }

  /// ``displayName``, but `Comma` for the comma.
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
