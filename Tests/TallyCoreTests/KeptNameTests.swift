import TallyDefaults
import TallyModel
import TallySync
import Testing

/// A name an earlier Tally let in, with an invisible character, is refused as input but kept
/// when read back: the store's groups and the sync folder's states still open.
struct KeptNameTests {
  private let invisible = "la\u{200B}ps"

  @Test func anInvisibleCharacterIsRefusedAsInputAndKeptWhenRead() {
    #expect(throws: CounterError.self) { try CountersModel.validatedName(invisible) }
    #expect(CountersModel.keptName(" \(invisible) ") == invisible)
    #expect(CountersModel.keptName("a\u{1}b") == nil)
    #expect(CountersModel.keptName("  ") == nil)
    #expect(CountersModel.keptName(String(repeating: "x", count: 33)) == nil)
  }

  @Test func aStoredGroupWithAnInvisibleCharacterStays() throws {
    let stored = PropertyListValue.dictionary([
      "id": .string("count-2"), "name": .string(invisible), "step": .integer(1), "group": .string("G\u{200B}"),
    ])
    let record = try #require(CounterRecord(propertyListValue: stored))
    #expect(record.name == invisible)
    #expect(record.group == "G\u{200B}")
  }

  @Test func aSyncStateWithSuchANameIsStillRead() throws {
    let time = HybridTime(milliseconds: 1_000, machine: "laptop")
    let replica = CounterReplica(
      contributions: ["00000000deadbeef": Contribution(added: 3)],
      fields: [
        "name": CounterReplica.Field(value: .string(invisible), time: time),
        "step": CounterReplica.Field(value: .integer(1), time: time),
      ])
    let state = ReplicaState(counters: [CounterSync.derivedID(forName: "laps"): replica])
    let read = try ReplicaState(propertyListValue: state.propertyListValue)
    #expect(read.counters.values.first?.fields["name"]?.value == .string(invisible))
  }
}
