import Synchronization

/// The translations of one language that are safe to show: a `.po` file's entries less the
/// fuzzy and empty ones, and less those a terminal or the formatting must not get; or a
/// compiled `.mo` file, whose translations are checked as they are looked up.
public struct Catalog: Sendable {
  public let pluralRule: PluralRule
  /// Each msgid's translation, or its forms for a plural one (a `.po` file's).
  let translations: [String: [String]]
  /// A `.mo` file, and what says once that one of its translations was unsafe.
  let compiled: (file: MOFile, notice: UnsafeNotice)?
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
      if Self.isSafe(entry, found: entry.found) { translations[entry.msgid] = entry.msgstr } else { unsafe += 1 }
    }
    pluralRule = rule
    self.translations = translations
    compiled = nil
    unsafeCount = unsafe
    isMarkedComplete = file.header["X-Tally-Complete"]?.lowercased() == "yes"
  }

  /// The catalog of a compiled file; `nil` when its `Plural-Forms` cannot be read.
  ///
  /// The first unsafe translation looked up calls `warn`, once.
  init?(compiled file: MOFile, warn: @escaping @Sendable () -> Void) {
    guard let rule = file.pluralForms.map(PluralRule.init(header:)) ?? .english else { return nil }
    pluralRule = rule
    translations = [:]
    compiled = (file, UnsafeNotice(warn: warn))
    unsafeCount = 0
    isMarkedComplete = false
  }

  /// Calls its `warn` the first time it is told.
  final class UnsafeNotice: Sendable {
    let warn: @Sendable () -> Void
    let told = Mutex(false)

    init(warn: @escaping @Sendable () -> Void) { self.warn = warn }

    func tell() {
      if told.withLock({ told in
        defer { told = true }
        return !told
      }) {
        warn()
      }
    }
  }

  /// Whether every form of `entry` is free of control characters (a newline or tab aside) and uses
  /// only the placeholders of its English text: each of them for a singular text, some of
  /// them for a plural form (a language may leave the number out of a form).
  public static func isSafe(_ entry: POFile.Entry) -> Bool {
    let english = entry.msgidPlural ?? entry.msgid
    let percent = english.utf8.contains(UInt8(ascii: "%")) || entry.msgid.utf8.contains(UInt8(ascii: "%"))
    return isSafe(entry, found: POFile.Found(percent: percent, control: !entry.msgstr.allSatisfy(isPrintable)))
  }

  /// `isSafe(_:)` with what the reader found as it read the entry, which spares a second
  /// look at every byte when a catalog is loaded.
  static func isSafe(_ entry: POFile.Entry, found: POFile.Found) -> Bool {
    guard !found.control else { return false }
    guard found.percent else { return true }
    let english = entry.msgidPlural ?? entry.msgid
    guard let expected = Placeholders.numbers(in: english).map(Set.init) else { return false }
    for form in entry.msgstr where !form.isEmpty {
      guard let found = Placeholders.numbers(in: form).map(Set.init) else { return false }
      if entry.msgidPlural == nil ? found != expected : !found.isSubset(of: expected) { return false }
    }
    return true
  }

  /// No C0 or C1 control character (a newline or tab aside), no DEL: nothing a terminal acts on.
  static func isPrintable(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      // A C1 control is U+0080 to U+009F: 0xC2 then 0x80 to 0x9F in UTF-8.
      if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return false }
      previous = byte
    }
    return true
  }

  /// The translation of `text`, or `nil`.
  func translation(of text: Translatable) -> String? {
    form(0, of: text.msgid, plural: nil)
  }

  /// The form of the plural translation of `one` and `other` that `count` takes, or `nil`.
  func translation(count: Int, one: Translatable, other: Translatable) -> String? {
    form(pluralRule.form(for: count), of: one.msgid, plural: other.msgid)
  }

  private func form(_ form: Int, of msgid: String, plural: String?) -> String? {
    guard let compiled else {
      guard let forms = translations[msgid], form < min(forms.count, pluralRule.count), !forms[form].isEmpty else { return nil }
      return forms[form]
    }
    let forms: [ArraySlice<UInt8>]
    switch compiled.file.forms(of: msgid) {
    case .missing: return nil
    case .damaged:
      compiled.notice.tell()
      return nil
    case .found(let found): forms = found
    }
    guard form < min(forms.count, pluralRule.count), !forms[form].isEmpty else { return nil }
    guard let text = String(validating: forms[form], as: UTF8.self),
      Self.isSafe(POFile.Entry(msgid: msgid, msgidPlural: plural, msgstr: [text]))
    else {
      compiled.notice.tell()
      return nil
    }
    return text
  }

  /// Whether it translates `msgid` (the tool's check of completeness).
  public func translates(_ msgid: String) -> Bool { translations[msgid] != nil }
}
