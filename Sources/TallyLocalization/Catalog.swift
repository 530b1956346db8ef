/// The translations of one language that are safe to show: a `.po` file's entries less the
/// fuzzy and empty ones, and less those a terminal or the formatting must not get.
public struct Catalog: Sendable {
  public let pluralRule: PluralRule
  /// Each msgid's translation, or its forms for a plural one.
  let translations: [String: [String]]
  /// How many translations were left out as unsafe: a control or escape character, or
  /// placeholders other than the English text's.
  public let unsafeCount: Int
  /// Whether the header says `X-Tally-Complete: yes`.
  public let isMarkedComplete: Bool

  /// The catalog of `file`; `nil` when its `Plural-Forms` cannot be read.
  public init?(_ file: POFile) {
    let rule: PluralRule
    if let field = file.header["Plural-Forms"] {
      guard let read = PluralRule(header: field) else { return nil }
      rule = read
    } else {
      rule = .english
    }
    var translations: [String: [String]] = [:]
    var unsafe = 0
    for entry in file.entries where !entry.isFuzzy && entry.context == nil && entry.msgstr.contains(where: { !$0.isEmpty }) {
      if Self.isSafe(entry) { translations[entry.msgid] = entry.msgstr } else { unsafe += 1 }
    }
    pluralRule = rule
    self.translations = translations
    unsafeCount = unsafe
    isMarkedComplete = file.header["X-Tally-Complete"]?.lowercased() == "yes"
  }

  /// Whether every form of `entry` is free of control characters (a newline or tab aside) and uses
  /// only the placeholders of its English text: each of them for a singular text, some of
  /// them for a plural form (a language may leave the number out of a form).
  public static func isSafe(_ entry: POFile.Entry) -> Bool {
    guard entry.msgstr.allSatisfy(isPrintable) else { return false }
    let english = entry.msgidPlural ?? entry.msgid
    guard english.contains("%") || entry.msgid.contains("%") else { return true }
    guard let expected = Placeholders.numbers(in: english).map(Set.init) else { return false }
    for form in entry.msgstr where !form.isEmpty {
      guard let found = Placeholders.numbers(in: form).map(Set.init) else { return false }
      if entry.msgidPlural == nil ? found != expected : !found.isSubset(of: expected) { return false }
    }
    return true
  }

  /// No C0 or C1 control character (a newline or tab aside), no DEL: nothing a terminal acts on.
  static func isPrintable(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
  }

  /// The translation of `msgid`, or `nil`.
  func translation(of msgid: String) -> String? {
    translations[msgid]?.first.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The form of `msgid`'s plural translation that `count` takes, or `nil`.
  func translation(of msgid: String, count: Int) -> String? {
    guard let forms = translations[msgid] else { return nil }
    let form = pluralRule.form(for: count)
    guard form < min(forms.count, pluralRule.count), !forms[form].isEmpty else { return nil }
    return forms[form]
  }

  /// Whether it translates `msgid` (the tool's check of completeness).
  public func translates(_ msgid: String) -> Bool { translations[msgid] != nil }
}
