import Glibc
import TallyApp
import TallyDefaults
import TallyModel
import TallyTestSupport
import Testing

struct StoreCheckTests {
  @Test func aHealthyStoreHasNoProblems() {
    let values: [String: PropertyListValue] = [
      "count": .integer(3), "hasOnboardingBeenShown": .bool(true), "currentCounter": .string("count-2"),
      "counters": [CounterRecord(id: "count", name: "Count", step: 1), CounterRecord(id: "count-2", name: "laps", step: 2)]
        .propertyListValue,
      "count-2": .integer(9), "somethingElse": .string("left alone"),
    ]
    #expect(StoreCheck.problems(in: values).isEmpty)
  }

  @Test func wrongTypesAreNamed() {
    let values: [String: PropertyListValue] = [
      "count": .string("abc"), "hasOnboardingBeenShown": .integer(1),
      "counters": .array([.dictionary(["id": .string("count-2"), "name": .string("laps"), "step": .integer(1)])]),
      "count-2": .real(1.5),
    ]
    #expect(
      StoreCheck.problems(in: values) == [
        "count holds a <string>, not an <integer>",
        "hasOnboardingBeenShown holds an <integer>, not a <bool>",
        "count-2 holds a <real>, not an <integer>",
      ])
    #expect(StoreCheck.problems(in: ["counters": .array([.string("x")])]).first?.contains("not counters") == true)
  }

  @Test func aCopyIsKeptOnceAndTheFileIsLeftAsItIs() throws {
    let directory = try TemporaryDirectory()
    let path = directory.appending("defaults.plist")
    let text = "<plist><dict><key>count</key><string>abc</string></dict></plist>"
    let file = fopen(path, "w")
    fputs(text, file)
    fclose(file)

    let store = try FileUserDefaults(directory: directory.path)
    let first = StoreCheck.run(on: store)
    let second = StoreCheck.run(on: try FileUserDefaults(directory: directory.path))

    #expect(first.count == 1)
    #expect(first == second, "the same bytes are kept once")
    let copy = try #require(first.first?.split(separator: " ").last.map(String.init))
    #expect(try ChildProcess.readFileText(copy) == text)
    #expect(try ChildProcess.readFileText(path) == text)
    #expect(store.x.object(Int.self, forKey: .count) == nil)
  }
}
