import CNcurses
import TallyScreens
import TallySettings
import Testing

@testable import TallyTerminal

/// Without colour (`NO_COLOR`, or a terminal that has none) every style that means something
/// still looks different, by its attributes alone; no colour pair is used.
struct PaletteTests {
  private let palette = Palette(useColor: false)

  @Test(arguments: [
    (Style.warning, tally_attr_bold()), (.button, tally_attr_bold()), (.title, tally_attr_bold()),
    (.hint, tally_attr_dim()), (.field, tally_attr_underline()),
    (.selected, tally_attr_bold() | tally_attr_reverse()),
  ])
  func eachStyleKeepsItsAttributes(style: Style, attributes: attr_t) {
    #expect(palette.attributes(for: style) == attributes)
    #expect(palette.pair(for: style) == 0)
  }

  @Test func plainTextHasNoAttributes() {
    #expect(palette.attributes(for: .plain) == tally_attr_normal())
  }

  @Test func onlyTheFieldIsUnderlined() {
    for style in [Style.plain, .bold, .hint, .title, .warning, .selected, .button] {
      #expect(palette.attributes(for: style) & tally_attr_underline() == 0, "\(style)")
    }
  }

  @Test func noColorIsHonouredWhenSetToAnythingButEmpty() {
    #expect(!Palette.allowsColor(environment: ["NO_COLOR": "1"]))
    #expect(Palette.allowsColor(environment: ["NO_COLOR": ""]))
    #expect(Palette.allowsColor(environment: [:]))
  }

}

/// The `theme` setting: `mono` never uses colour, `high-contrast` dims nothing and puts its
/// colours on solid backgrounds; every theme keeps the attributes that carry meaning.
struct PaletteThemeTests {
  @Test func monoUsesNoColourEvenWhereColourIsAllowed() {
    // No colour pair is defined, so ncurses' colour is never started.
    #expect(Palette.colorPairs(for: .mono).isEmpty)
    let palette = Palette(theme: .mono, useColor: true)
    for style in [Style.title, .warning, .button, .selected, .hint] {
      #expect(palette.pair(for: style) == 0, "\(style)")
    }
    #expect(palette.attributes(for: .hint) == tally_attr_dim())
  }

  @Test func highContrastDimsNothing() {
    let palette = Palette(theme: .highContrast, useColor: false)
    #expect(palette.attributes(for: .hint) == tally_attr_normal())
    #expect(palette.attributes(for: .warning) == tally_attr_bold())
    #expect(palette.attributes(for: .selected) == tally_attr_bold() | tally_attr_reverse())
  }

  @Test func highContrastColoursSitOnSolidBackgroundsAndTheDefaultOnTheTerminals() {
    let highContrast = Palette.colorPairs(for: .highContrast)
    let standard = Palette.colorPairs(for: .standard)
    #expect(highContrast.count == 3)
    #expect(standard.count == 3)
    #expect(highContrast.allSatisfy { $0.background >= 0 && $0.foreground != $0.background })
    #expect(standard.allSatisfy { $0.background == -1 })
  }

  @Test func everyThemeIsASettingValue() throws {
    let entry = try #require(AppDefaults.setting(named: "theme"))
    for theme in Theme.allCases {
      #expect(try entry.settingValue(from: theme.rawValue) == .string(theme.rawValue))
    }
  }
}
