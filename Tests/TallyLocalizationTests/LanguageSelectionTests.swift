import TallyLocalization
import Testing

/// The languages asked for, as gettext reads the environment, without the C library's locales.
struct LanguageSelectionTests {
  static func languages(_ environment: [String: String]) -> [String] { LanguageSelection.languages(in: environment) }

  @Test func eachVariableAlone() {
    #expect(Self.languages(["LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
    #expect(Self.languages(["LC_MESSAGES": "fr_FR.UTF-8"]) == ["fr_FR", "fr"])
    #expect(Self.languages(["LC_ALL": "es_ES.UTF-8"]) == ["es_ES", "es"])
    #expect(Self.languages(["LANGUAGE": "es"]) == ["es"])
    #expect(Self.languages([:]) == [])
  }

  @Test func languageThenLCAllThenLCMessagesThenLang() {
    let all = ["LANGUAGE": "es", "LC_ALL": "fr_FR", "LC_MESSAGES": "de_DE", "LANG": "pt_BR"]
    #expect(Self.languages(all) == ["es"])
    #expect(Self.languages(all.filter { $0.key != "LANGUAGE" }) == ["fr_FR", "fr"])
    #expect(Self.languages(all.filter { $0.key == "LC_MESSAGES" || $0.key == "LANG" }) == ["de_DE", "de"])
    #expect(Self.languages(all.filter { $0.key == "LANG" }) == ["pt_BR", "pt"])
  }

  @Test func anEmptyVariableIsNotSet() {
    #expect(Self.languages(["LANGUAGE": "", "LC_ALL": "", "LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
  }

  @Test func languageIsAListAndEnglishEndsIt() {
    #expect(Self.languages(["LANGUAGE": "fr:de"]) == ["fr", "de"])
    #expect(Self.languages(["LANGUAGE": "fr_CA:fr:en:de"]) == ["fr_CA", "fr"])
  }

  @Test func cPosixAndEnglishMeanEnglish() {
    for locale in ["C", "POSIX", "C.UTF-8", "en", "en_US.UTF-8"] {
      #expect(Self.languages(["LANG": locale]) == [], "\(locale)")
    }
    #expect(Self.languages(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == [])
  }

  @Test func languageIsReadEvenWhenTheLocaleIsC() {
    #expect(Self.languages(["LANGUAGE": "es", "LANG": "C.UTF-8"]) == ["es"])
  }

  @Test func theCodesetAndModifierAreLeftOut() {
    #expect(Self.languages(["LANG": "de_AT.ISO-8859-1@euro"]) == ["de_AT", "de"])
  }

  @Test func aNameThatIsNotALocaleIsIgnored() {
    #expect(Self.languages(["LANG": "../../etc/passwd"]) == [])
    #expect(Self.languages(["LANGUAGE": "de/x:fr"]) == ["fr"])
  }
}
