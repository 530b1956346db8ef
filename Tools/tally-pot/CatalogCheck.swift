import TallyLocalization

/// What a translator must fix in a catalog, against the template.
enum CatalogCheck {
  /// The problems of the `.po` file `bytes` against `template`'s texts: damage, unsafe
  /// translations, texts the template no longer has; and, for a catalog whose header says
  /// `X-Tally-Complete: yes`, each text of the template it leaves untranslated or fuzzy.
  static func problems(of bytes: [UInt8], against template: [MessageScanner.Message]) -> [String] {
    let file: POFile
    do throws(POFile.Damage) { file = try POFile(bytes: bytes) } catch { return ["damaged: \(error)"] }
    guard let catalog = Catalog(file) else { return ["the Plural-Forms header cannot be read"] }
    var problems: [String] = []
    let known = Set(template)
    var translated: Set<String> = []
    for entry in file.entries {
      let message = MessageScanner.Message(msgid: entry.msgid, msgidPlural: entry.msgidPlural)
      if !known.contains(message) { problems.append("not in the template (remove it): \"\(entry.msgid)\"") }
      if !Catalog.isSafe(entry) { problems.append("unsafe (control characters or other placeholders): \"\(entry.msgid)\"") }
      if entry.msgidPlural != nil, entry.msgstr.count != catalog.pluralRule.count {
        problems.append("\(entry.msgstr.count) forms, not the \(catalog.pluralRule.count) of Plural-Forms: \"\(entry.msgid)\"")
      }
      if entry.isFuzzy && catalog.isMarkedComplete { problems.append("fuzzy in a complete catalog: \"\(entry.msgid)\"") }
      if !entry.isFuzzy && entry.msgstr.allSatisfy({ !$0.isEmpty }) { translated.insert(entry.msgid) }
    }
    if catalog.isMarkedComplete {
      for message in template where !translated.contains(message.msgid) {
        problems.append("untranslated in a complete catalog: \"\(message.msgid)\"")
      }
    }
    return problems
  }
}
