import TallyScreens
import TallyTestSupport
import Testing

/// The text field of prompts: typing, editing, wide characters and emoji sequences.
struct PromptTests {
  private func edited(_ keys: [Key], from text: String = "") -> TextField {
    var prompt = Prompt(purpose: .newCounter, question: "Name:", text: text)
    for key in keys { _ = prompt.edit(with: key) }
    return prompt.field
  }

  private func typing(_ text: String) -> [Key] {
    text.unicodeScalars.map { .character(Character($0)) }
  }

  @Test func typedCharactersGoInAtTheCursor() {
    let field = edited(typing("lps") + [.left, .left, .character("a")])
    #expect(field.text == "laps")
    #expect(field.beforeCursor == "la")
  }

  @Test func backspaceAndDeleteRemoveWholeCharacters() {
    #expect(edited([.backspace], from: "cafés").text == "café")
    #expect(edited([.backspace, .backspace], from: "漢字カ").text == "漢")
    #expect(edited([.home, .delete], from: "☕ coffee").text == " coffee")
    #expect(edited([.backspace], from: "").text == "")
  }

  @Test func anEmojiSequenceTypedScalarByScalarIsOneCharacter() {
    let field = edited(typing("👨‍👩‍👧 x"))
    #expect(field.text == "👨‍👩‍👧 x")
    #expect(field.text.count == 3)
    #expect(edited(typing("👨‍👩‍👧") + [.backspace]).text == "", "Backspace takes the whole family")
  }

  @Test func homeEndAndControlKeysMoveAndClear() {
    #expect(edited([.home, .character(">")], from: "abc").text == ">abc")
    #expect(edited([.control("a"), .control("e"), .character("!")], from: "abc").text == "abc!")
    #expect(edited([.left, .right, .right, .character("!")], from: "abc").text == "abc!")
    #expect(edited([.control("u")], from: "abc").text == "")
  }

  @Test func keysThatAreNotTextAreIgnored() {
    #expect(
      edited([.tab, .up, .function(1), .control("x"), .mouse(MouseEvent(.press, column: 1, row: 1))], from: "a").text == "a")
  }

  @Test func enterAndEscapeAreLeftToTheScreen() {
    var prompt = Prompt(purpose: .newCounter, question: "Name:")
    #expect(prompt.edit(with: .enter) == .confirm)
    #expect(prompt.edit(with: .escape) == .cancel)
    #expect(prompt.edit(with: .character("x")) == nil)
  }

  @Test func aLongPasteStopsAtTheFieldsLimit() {
    let field = edited(typing(String(repeating: "ab", count: 200)))
    #expect(field.text.count == TextField.maximumLength)
  }

  @Test func renamingStartsWithTheNameAndTheCursorAtItsEnd() {
    let field = TextField("laps")
    #expect(field.beforeCursor == "laps")
    #expect(field.afterCursor.isEmpty)
  }
}
