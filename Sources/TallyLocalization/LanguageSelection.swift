/// The languages the environment asks for, as gettext reads it.
public enum LanguageSelection {
  /// The catalog names to try, in order (`de_DE` then `de` for `de_DE.UTF-8`).
  ///
  /// Empty for English. `LANGUAGE` (a list such as `fr:de`) comes first when it is set and not empty,
  /// then the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is; `C`, `POSIX` and English
  /// end the list: what comes after them is not asked for.
  public static func languages(in environment: [String: String]) -> [String] {
    let requested: [Substring]
    if let list = environment["LANGUAGE"], !list.isEmpty {
      requested = list.split(separator: ":")
    } else if let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
      requested = [locale[...]]
    } else {
      requested = []
    }
    var names: [String] = []
    for locale in requested.prefix(8) {
      guard let name = name(of: locale) else { continue }
      if name == "C" || name == "POSIX" || name == "en" || name.hasPrefix("en_") { break }
      for candidate in [name, String(name.prefix(while: { $0 != "_" }))] where !names.contains(candidate) {
        names.append(candidate)
      }
    }
    return names
  }

  /// `de_DE` of `de_DE.UTF-8@euro`; `nil` unless it is letters and an underscore, the only
  /// names a catalog file has.
  static func name(of locale: Substring) -> String? {
    let name = locale.prefix(while: { $0 != "." && $0 != "@" })
    guard !name.isEmpty, name.count <= 16, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else { return nil }
    return String(name)
  }
}
