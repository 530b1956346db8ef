import TallyLocalization

/// The template of Tally's catalogs, `Resources/po/tally.pot`: every text marked in the
/// code, once, with the files that use it.
struct Template {
  /// Each marked text and the files (relative to the package) that mark it, in the order
  /// found.
  private(set) var messages: [(message: MessageScanner.Message, files: [String])] = []

  /// The texts marked in `files` (relative path and text each, in the order given).
  init(files: [(path: String, text: String)]) throws {
    var index: [MessageScanner.Message: Int] = [:]
    for file in files {
      let found: [MessageScanner.Message]
      do { found = try MessageScanner.messages(in: file.text) } catch { throw TemplateError("\(file.path): \(error)") }
      for message in found {
        if let at = index[message] {
          if !messages[at].files.contains(file.path) { messages[at].files.append(file.path) }
        } else {
          index[message] = messages.count
          messages.append((message, [file.path]))
        }
      }
    }
    let singular = Dictionary(grouping: messages.map(\.message), by: \.msgid)
    if let clash = singular.first(where: { $0.value.count > 1 }) {
      throw TemplateError("\"\(clash.key)\" is marked both as a plural and not, or with two plurals")
    }
  }

  /// The text of the `.pot` file.
  var text: String {
    var text = """
      # The texts of Tally, for translators: docs/translations.md says how to translate them.
      # Generated from the code by `swift run tally-pot`: do not edit it.
      # This file is distributed under the same license as Tally (Apache-2.0).
      msgid ""
      msgstr ""
      "Project-Id-Version: tally\\n"
      "Language: \\n"
      "MIME-Version: 1.0\\n"
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Content-Transfer-Encoding: 8bit\\n"
      "Plural-Forms: nplurals=2; plural=(n != 1);\\n"
      "X-Tally-Complete: no\\n"

      """
    for (message, files) in messages {
      text += "\n#: " + files.joined(separator: " ") + "\n"
      if message.msgid.contains("%") || message.msgidPlural?.contains("%") == true { text += "#, c-format\n" }
      text += "msgid " + POString.quoted(message.msgid) + "\n"
      if let plural = message.msgidPlural {
        text += "msgid_plural " + POString.quoted(plural) + "\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
      } else {
        text += "msgstr \"\"\n"
      }
    }
    return text
  }
}

struct TemplateError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
