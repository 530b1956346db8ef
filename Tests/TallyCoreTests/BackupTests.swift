import FoundationEssentials
import Glibc
import TallyDefaults
import TallyHistory
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

/// A store and its history in memory, as `tally` sees them.
private struct Store {
  let defaults = InMemoryUserDefaults()
  let history = SQLiteHistory.inMemory()
  let model: CountersModel
  let recorder: HistoryRecorder
  let clock = ManualClock(iso: "2026-11-20T08:00:00Z")

  init() {
    AppDefaults.register(in: defaults)
    recorder = HistoryRecorder(log: history, clock: clock, source: .app)
    model = CountersModel(userDefaults: defaults, eventRecorder: recorder)
  }

  var backup: Backup { Backup(list: model.list, history: history.read()) }

  func importing(_ backup: Backup, replacing: Bool = false) throws -> BackupImport.Summary {
    try BackupImport(store: nil, model: model, history: history).apply(backup, replacing: replacing)
  }
}

struct BackupTests {
  /// Three counters with values, steps, goals of every kind and a history with a rename, a
  /// reset and a name that needs quoting in CSV.
  private func filledStore() throws -> Store {
    let store = Store()
    try store.model.perform(.create(named: #"say "hi", then ☕"#, selecting: false))
    try store.model.perform(.create(named: "water", selecting: true))
    try store.model.perform(.setStep(2, of: "count-3"))
    try store.model.perform(.setGoal(Goal(amount: 8, period: .day), of: "count-3"))
    try store.model.perform(.setGoal(Goal(amount: 300, period: .total), of: "count"))
    try store.model.perform(.setGoal(Goal(amount: 3, period: .month), of: "count-2"))
    try store.model.perform(.setGroup("Health", of: "count-3"))
    try store.model.perform(.setGroup("health", of: "count"))
    for (offset, edit) in [
      CounterEdit.add(2, to: "count-3"), .add(5, to: "count"), .setValue(0, of: "count"), .add(-4, to: "count-2"),
    ]
    .enumerated() {
      store.clock.advance(by: 3600.125 * Double(offset + 1))
      try store.model.perform(edit)
      store.recorder.flush()
    }
    try store.model.perform(.rename("count-2", to: #"say "hi", then ☕ again"#))
    store.recorder.flush()
    return store
  }

  @Test(arguments: Backup.Format.allCases)
  func exportThenImportIntoAnEmptyStoreGivesEverythingBack(format: Backup.Format) throws {
    let original = try filledStore()
    let bytes = format == .json ? BackupJSON.encode(original.backup) : BackupCSV.encode(original.backup)
    let restored = Store()
    _ = try restored.importing(try Backup.decode(bytes))

    #expect(restored.backup == original.backup)
    #expect(restored.model.list.counters.map(\.name) == original.model.list.counters.map(\.name))
    #expect(restored.model.list.counters.map(\.value) == [0, -4, 2])
    #expect(restored.model.list.counters.map(\.step) == [1, 1, 2])
    #expect(restored.model.list.counters.map(\.goal?.text) == ["300", "3/month", "8/day"])
    // One group keeps the spelling it was made with.
    #expect(restored.model.list.counters.map(\.group) == ["Health", nil, "Health"])
    #expect(restored.history.read().entries.count == original.history.read().entries.count)
    #expect(original.history.read().entries.count == 7)
  }

  @Test func importingTheSameBackupTwiceAddsNothingTheSecondTime() throws {
    let original = try filledStore()
    let restored = Store()
    #expect(try restored.importing(original.backup).addedEntries == 7)
    #expect(try restored.importing(original.backup).addedEntries == 0)
    #expect(restored.history.read().entries.count == 7)
  }

  @Test func mergingMatchesByNameKeepsOtherCountersAndJoinsHistories() throws {
    let store = Store()
    try store.model.perform(.create(named: "laps", selecting: false))
    try store.model.perform(.add(7, to: "count-2"))
    store.recorder.flush()
    let change = HistoryEntry(
      time: at("2026-11-01T10:00:00Z"), event: .changed, counter: "", name: "LAPS", old: 0, new: 3, source: .command)
    let backup = Backup(counters: [
      Backup.Item(name: "LAPS", value: 3, step: 4, goal: Goal(amount: 2, period: .week), history: [change]),
      Backup.Item(name: "swims", value: 1),
    ])
    _ = try store.importing(backup)
    #expect(store.model.list.counters.map(\.name) == ["Count", "laps", "swims"])
    #expect(store.model.list.counters.map(\.value) == [0, 3, 1])
    #expect(store.model.list.counter(named: "laps")?.goal == Goal(amount: 2, period: .week))
    // Oldest first: the imported change is from 1 November; the rows (0 to 3, and 0 to 7
    // made here) add up to 10, not to the value imported, and one more row says so.
    let rows = store.history.read().entries.filter { $0.counter == "count-2" }
    #expect(rows.map(\.new) == [3, 0, 7, 3])
    #expect(rows.last?.old == 10)
    #expect(rows.last?.note == BackupImport.explainingNote)
    #expect(store.history.allTime(ofCounter: "count-2") == 3)
  }

  @Test func replacingLeavesOnlyTheBackupsCounters() throws {
    let store = try filledStore()
    _ = try store.importing(
      Backup(counters: [Backup.Item(name: "books", value: 12, goal: Goal(amount: 300, period: .total))]), replacing: true)
    // A new counter under a new id: no id is given twice, a replaced counter's neither.
    #expect(
      store.model.list.counters == [Counter(id: "count-4", name: "books", value: 12, goal: Goal(amount: 300, period: .total))])
    #expect(store.defaults.domains.persistent["count-2"] == nil)
    #expect(store.defaults.domains.persistent["count-3"] == nil)
  }

  @Test func csvQuotesWhatNeedsIt() {
    let csv = String(decoding: BackupCSV.encode(Backup(counters: [Backup.Item(name: #"a, "b""#, value: -1)])), as: UTF8.self)
    #expect(
      csv
        == "kind,counter,value,step,goal,time,event,name,old,new,source,note,group,link,every,min,max,alert,groupAlert\r\n"
        + "counter,\"a, \"\"b\"\"\",-1,1,,,,,,,,,,,,,,,\r\n")
  }

  @Test func rowsEndingInAnEmptyFieldAreReadWithOrWithoutALastLineEnd() throws {
    let rows =
      "kind,counter,value,step,goal,time,event,name,old,new,source,note,group\r\ncounter,water,3,1,,,,,,,,,\r\n"
      + "counter,tea,1,1,,,,,,,,,"
    for text in [rows, rows + "\r\n", rows + "\n"] {
      #expect(try Backup.decode(Array(text.utf8)).counters.map(\.name) == ["water", "tea"], "\(text.debugDescription)")
    }
  }

  /// An empty line is no record, the first one too (an editor or a script may leave one).
  @Test func emptyLinesBeforeTheHeaderAndBetweenRowsAreNotRecords() throws {
    let csv = "\r\n\nkind,counter,value,step,goal,time,event,name,old,new,source,note\r\n\r\ncounter,water,3,1,,,,,,,,\r\n\n"
    #expect(try Backup.decode(Array(csv.utf8)).counters == [Backup.Item(name: "water", value: 3)])
  }

  @Test func aBackupFromBeforeGroupsReadsWithoutThem() throws {
    let csv = "kind,counter,value,step,goal,time,event,name,old,new,source,note\r\ncounter,water,3,1,,,,,,,,\r\n"
    #expect(try Backup.decode(Array(csv.utf8)).counters == [Backup.Item(name: "water", value: 3)])
    let json = #"{"format":"tally-backup","version":1,"counters":[{"name":"water","value":3,"step":1,"history":[]}]}"#
    #expect(try Backup.decode(Array(json.utf8)).counters == [Backup.Item(name: "water", value: 3)])
  }

  @Test(arguments: Backup.Format.allCases)
  func aBadGroupIsRefusedWithItsPlace(format: Backup.Format) {
    let backup = Backup(counters: [Backup.Item(name: "water", value: 3, group: "bad\u{7}group")])
    let bytes = format == .json ? BackupJSON.encode(backup) : BackupCSV.encode(backup)
    #expect {
      try Backup.decode(bytes)
    } throws: { error in
      "\(error)".hasPrefix(
        format == .json ? "counters[0]: a group's name cannot contain" : "line 2: a group's name cannot contain")
    }
  }

  @Test(arguments: [
    ("kind,counter\r\n", "line 1: expected the header"),
    (
      "kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,water,1,1,,,,,,,\ncounter,x,one,1,,,,,,,\n",
      "line 3: value must be a whole number"
    ),
    ("kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,water,1,0,,,,,,,\n", "line 2: the step must be"),
    ("kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,water,1,1,8/year,,,,,,\n", "line 2: a goal is"),
    ("kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,\"wa\nter\",1,1,,,,,,,\n", "line 2: a counter's name"),
    (
      "kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,water,1,1,,,,,,,\ncounter,WATER,1,1,,,,,,,\n",
      "line 3: a counter named"
    ),
    (
      "kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,water,1,1,,,,,,,\nchange,water,,,,yesterday,changed,water,0,1,app\n",
      "line 3: time must be"
    ),
    (
      "kind,counter,value,step,goal,time,event,name,old,new,source\nchange,water,,,,2026-11-20T10:00:00Z,changed,water,0,1,app\n",
      "line 2: a change of \"water\" before"
    ),
    ("kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,\"water,1,1,,,,,,,\n", "line 2: a quoted field"),
    ("kind,counter,value,step,goal,time,event,name,old,new,source\ncounter,water,1,1,,,,,,\n", "line 2: expected 11 fields"),
  ])
  func aBadCSVFileNamesTheLineAndTheProblem(text: String, message: String) {
    #expect {
      try Backup.decode(Array(text.utf8))
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  /// Histories are read change by change; every way JSON can say a change reads as
  /// `JSONDecoder` reads it.
  @Test func changesWrittenAnyWayReadAsJSONDecoderReadsThem() throws {
    let text = #"""
      { "version" : 1, "format" : "tally-backup", "counters" : [
        { "history" : [
            {"event":"changed","name":"caf\u00e9 \"x\"","new":2,"old":1,"source":"app","time":"2026-11-20T10:00:00.5Z"},
            { "time" : "2026-11-20T11:00:00Z", "source" : "command", "old" : null, "new" : 0, "name" : "a", "event" : "created" },
            {"event":"renamed","name":"b","source":"app","time":"2026-11-20T12:00:00Z","note":"kept by JSONDecoder: ignored"},
            {"event":"changed","name":"\ud83d\ude00","new":3,"old":2,"source":"app","time":"2026-11-20T13:00:00Z"}
          ], "name" : "a", "step" : 1, "value" : 3 },
        { "name" : "empty", "value" : 0, "step" : 1, "history" : [ ] }
      ] }
      """#
    let backup = try Backup.decode(Array(text.utf8))
    let history = try #require(backup.counters.first).history
    #expect(history.map(\.name) == ["café \"x\"", "a", "b", "😀"])
    #expect(history.map(\.old) == [1, nil, nil, 2])
    #expect(history.map(\.new) == [2, 0, nil, 3])
    #expect(history.map(\.event) == [.changed, .created, .renamed, .changed])
    #expect(history[0].time == at("2026-11-20T10:00:00.500Z"))
    #expect(backup.counters.map(\.name) == ["a", "empty"])
  }

  @Test func aBadChangeInAnyKeyOrderIsNamedByItsPath() {
    let text =
      #"{"format":"tally-backup","version":1,"counters":[{"name":"a","value":1,"step":1,"history":[{"event":"changed","name":"a","new":1,"old":0,"source":"app","time":"2026-11-20T10:00:00Z"},{"name":"a","event":"changed","time":"2026-11-20T10:00:00Z","source":"app","new":"x"}]}]}"#
    #expect {
      try Backup.decode(Array(text.utf8))
    } throws: { error in
      "\(error)".hasPrefix("counters[0].history[1].new: expected a whole number")
    }
  }

  @Test(arguments: [
    (
      #"{"format":"tally-backup","version":1,"counters":[{"name":"a","value":"1","step":1,"history":[]}]}"#,
      "counters[0].value: expected"
    ),
    (#"{"format":"tally-backup","version":1,"counters":[{"name":"a","value":1,"history":[]}]}"#, "counters[0].step: missing"),
    (
      #"{"format":"tally-backup","version":1,"counters":[{"name":"a","value":1,"step":1,"history":[{"time":"x","event":"changed","name":"a","source":"app"}]}]}"#,
      "counters[0].history[0].time: not an ISO 8601"
    ),
    (
      #"{"format":"tally-backup","version":1,"counters":[{"name":"a","value":1,"step":1,"history":[{"time":"2026-11-20T10:00:00Z","event":"poked","name":"a","source":"app"}]}]}"#,
      "counters[0].history[0].event"
    ),
    (
      #"{"format":"tally-backup","version":1,"counters":[{"name":"","value":1,"step":1,"history":[]}]}"#,
      "counters[0]: a counter's name cannot be empty"
    ),
    (
      #"{"format":"tally-backup","version":1,"counters":[{"name":"la\u200Bps","value":1,"step":1,"history":[]}]}"#,
      "counters[0]: a counter's name cannot contain invisible or direction-changing characters (it holds U+200B)"
    ),
    (
      #"{"format":"tally-backup","version":1,"counters":[{"name":"a","value":1,"step":1,"group":"\u202EG","history":[]}]}"#,
      "counters[0]: a group's name cannot contain invisible or direction-changing characters (it holds U+202E)"
    ),
    (#"{"format":"tally-backup","version":2,"counters":[]}"#, "version: this Tally reads version 1"),
    (#"{"format":"tally-backup","#, "not valid JSON"),
  ])
  func aBadJSONFileNamesThePathAndTheProblem(text: String, message: String) {
    #expect {
      try Backup.decode(Array(text.utf8))
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }
}
