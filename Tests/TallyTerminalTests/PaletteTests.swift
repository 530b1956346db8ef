import CNcurses
import TallyCore
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
