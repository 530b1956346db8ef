import CNcurses
import TallyScreens
import TallyTerminal
import Testing

struct KeyDecoderTests {
  @Test(arguments: [
    (UInt32(10), Key.enter), (13, .enter), (9, .tab), (27, .escape), (127, .backspace), (8, .backspace),
    (3, .control("c")), (18, .control("r")), (32, .space), (43, .character("+")), (107, .character("k")),
    (0x00E9, .character("é")), (0x1F389, .character("🎉")),
  ])
  func characters(code: UInt32, key: Key) {
    #expect(KeyDecoder.decode(character: code) == key)
  }

  @Test func nulAndUnusedControlsAreIgnored() {
    #expect(KeyDecoder.decode(character: 0) == nil)
    #expect(KeyDecoder.decode(character: 28) == nil)
    #expect(KeyDecoder.decode(character: 0xD800) == nil)
  }

  @Test(arguments: [
    (KEY_UP, KeyDecoder.Event.key(.up)), (KEY_DOWN, .key(.down)), (KEY_LEFT, .key(.left)),
    (KEY_RIGHT, .key(.right)), (KEY_ENTER, .key(.enter)), (KEY_BACKSPACE, .key(.backspace)),
    (KEY_BTAB, .key(.backTab)), (KEY_DC, .key(.delete)), (KEY_HOME, .key(.home)), (KEY_END, .key(.end)),
    (KEY_F0 + 1, .key(.function(1))), (KEY_F0 + 12, .key(.function(12))),
    (KEY_RESIZE, .resize), (KEY_MOUSE, .mouse),
  ])
  func keyCodes(code: Int32, event: KeyDecoder.Event) {
    #expect(KeyDecoder.decode(keyCode: code) == event)
  }

  @Test func unknownKeyCodesAreIgnored() {
    #expect(KeyDecoder.decode(keyCode: 0o777) == nil)
  }
}

struct MouseDecodingTests {
  @Test func button1PressesAndClicksArePresses() {
    #expect(
      KeyDecoder.decode(mouseState: tally_button1_pressed(), column: 3, row: 4) == .mouse(MouseEvent(.press, column: 3, row: 4)))
    #expect(
      KeyDecoder.decode(mouseState: tally_button1_clicked(), column: 0, row: 0) == .mouse(MouseEvent(.press, column: 0, row: 0)))
  }

  @Test func releasesAndTheWheelAreTheirOwnKinds() {
    #expect(
      KeyDecoder.decode(mouseState: tally_button1_released(), column: 1, row: 2)
        == .mouse(MouseEvent(.release, column: 1, row: 2)))
    #expect(
      KeyDecoder.decode(mouseState: tally_button4_pressed(), column: 1, row: 2)
        == .mouse(MouseEvent(.scrollUp, column: 1, row: 2)))
    #expect(
      KeyDecoder.decode(mouseState: tally_button5_pressed(), column: 1, row: 2)
        == .mouse(MouseEvent(.scrollDown, column: 1, row: 2)))
  }

  @Test func otherButtonsMeanNothing() {
    #expect(KeyDecoder.decode(mouseState: 0, column: 1, row: 2) == nil)
    #expect(KeyDecoder.decode(mouseState: tally_button3_pressed(), column: 1, row: 2) == nil, "the right button")
  }
}

struct ColorPolicyTests {
  @Test func colourIsUsedUnlessNoColorIsSetToSomething() {
    #expect(Palette.allowsColor(environment: [:]))
    #expect(Palette.allowsColor(environment: ["NO_COLOR": ""]), "an empty NO_COLOR does not count (no-color.org)")
    #expect(!Palette.allowsColor(environment: ["NO_COLOR": "1"]))
    #expect(!Palette.allowsColor(environment: ["NO_COLOR": "0"]), "any value counts, even 0")
  }
}
