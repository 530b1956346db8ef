import FoundationEssentials
import TallyLocalization
import TallyModel
import Testing

@testable import TallyScreens

/// Every screen in German, French and Spanish, headless, at 80x24 and 40x12: drawn in the
/// language's words (its catalog in Resources/po), and at 80x24 with nothing clipped ("…").
struct ScreensInEveryLanguageTests {
  static let root: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()

  let now = Date(timeIntervalSince1970: 1_795_000_000)
  let counters = CounterList(
    counters: [
      Counter(id: "cars", name: "cars", value: 12, goal: Goal(amount: 8, period: .day)),
      Counter(id: "bikes", name: "bikes", value: 3),
    ], currentID: "cars")

  func screens() -> [(name: String, screen: any Screen)] {
    [
      ("onboarding", OnboardingViewModel()), ("counter", CounterViewModel()), ("board", BoardViewModel()),
      ("help", HelpViewModel(over: CounterViewModel())), ("settings", CounterSettingsViewModel()),
    ]
  }

  @Test(arguments: ["de", "fr", "es"])
  func everyScreenSpeaksTheLanguageAndFits(language: String) throws {
    let localization = Localization(
      environment: ["LANGUAGE": language], directories: [Self.root + "/Resources/po"], warn: { Issue.record("\($0)") })
    let help = localization.translate("help")
    #expect(help != "help", "the \(language) catalog was not read")
    Localization.$chosen.withValue(localization) {
      for (name, screen) in screens() {
        for (width, height) in [(80, 24), (40, 12)] {
          var canvas = Canvas(width: width, height: height)
          screen.render(into: &canvas, in: ScreenContext(counters: counters, width: width, height: height, now: now))
          let text = canvas.lines.joined(separator: "\n")
          #expect(!text.isEmpty, "\(language) \(name) \(width)x\(height)")
          if width == 80 {
            #expect(!text.contains("…"), "\(language) \(name) at 80x24 clips a text:\n\(text)")
          }
        }
      }
    }
    // The counter screen's hint line is in the language: its help key's word is translated.
    Localization.$chosen.withValue(localization) {
      var canvas = Canvas(width: 80, height: 24)
      CounterViewModel().render(
        into: &canvas, in: ScreenContext(counters: counters, width: 80, height: 24, now: now))
      #expect(canvas.lines.last?.contains("? " + help) == true, "\(canvas.lines.last ?? "")")
    }
  }
}
