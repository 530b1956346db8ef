import FoundationEssentials
import TallyDefaults
import TallyHistory
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

/// A change of water from 2 to 3 at 08:00, with `note`.
private func noted(_ note: String?, time: String = "2026-11-23T08:00:00.250Z") -> HistoryEntry {
  HistoryEntry(time: at(time), event: .changed, counter: "", name: "water", old: 2, new: 3, source: .app, note: note)
}

struct ChangeNoteTests {
  // MARK: The rules

  @Test func aNoteOfUpTo200CharactersIsKeptWithoutTheSpacesAroundIt() throws {
    let longest = String(repeating: "é", count: 200)
    #expect(try ChangeNote.checked(longest) == longest)
    #expect(try ChangeNote.checked("  after the run ") == "after the run")
    // Characters, not bytes: 200 emoji are a note.
    #expect(try ChangeNote.checked(String(repeating: "👩‍👩‍👧", count: 200)).count == 200)
  }

  @Test(arguments: [
    (String(repeating: "x", count: 201), "at most 200 characters, not 201"),
    ("first line\nsecond line", "U+000A"),
    ("a\ttab", "U+0009"),
    ("\u{1B}[31mred", "U+001B"),
    ("csi \u{9B}2J", "U+009B"),
    ("del \u{7F}", "U+007F"),
    ("line\u{2028}separator", "U+2028"),
    ("   ", "cannot be empty"),
    ("", "cannot be empty"),
  ])
  func aNoteThatIsNotOneLineOfTextIsRefused(note: String, reason: String) {
    #expect {
      _ = try ChangeNote.checked(note)
    } throws: { error in
      (error as? CounterError).map { if case .invalidNote(let text) = $0 { text.contains(reason) } else { false } } ?? false
    }
    #expect(!ChangeNote.isValid(note))
  }

  // MARK: The sync folder's lines

  @Test func theNoteCrossesInTheHistoryLineBetweenNewAndOld() {
    var entry = noted(#"said "hi" \ then ☕"#)
    entry.counter = "count-2"
    let line = entry.jsonLine
    #expect(
      line
        == #"{"counter":"count-2","event":"changed","name":"water","new":3,"note":"said \"hi\" \\ then ☕","old":2,"#
        + #""source":"app","time":"2026-11-23T08:00:00.250Z"}"#)
    #expect(HistoryEntry(jsonLine: Array(line.utf8)) == entry)
    // Without a note the line is as it always was, and reads back with none.
    entry.note = nil
    #expect(!entry.jsonLine.contains("note"))
    #expect(HistoryEntry(jsonLine: Array(entry.jsonLine.utf8))?.note == nil)
  }

  @Test func aLineInAnotherKeyOrderReadsItsNoteToo() {
    let line =
      #"{"time":"2026-11-23T08:00:00.250Z","note":"by hand","source":"app","old":2,"new":3,"name":"water","counter":"","event":"changed"}"#
    #expect(HistoryEntry(jsonLine: Array(line.utf8)) == noted("by hand"))
  }

  /// Another machine's file is untrusted: a note that could not have been typed makes its
  /// line damaged, in the fast reader's form and in any other.
  @Test(arguments: [
    #""note":"\u001b]0;owned\u0007""#, #""note":"csi \u009b2J""#, "\"note\":\"csi \u{9B}2J\"", #""note":"two\nlines""#,
    "\"note\":\"" + String(repeating: "x", count: 201) + "\"", #""note":"""#, #""note":" padded ""#, #""note":12"#,
  ])
  func aLineWithAHostileNoteIsDamaged(field: String) {
    let fast =
      #"{"counter":"c","event":"changed","name":"water","new":3,"# + field
      + #","old":2,"source":"app","time":"2026-11-23T08:00:00.250Z"}"#
    let reordered =
      #"{"time":"2026-11-23T08:00:00.250Z","# + field
      + #","source":"app","old":2,"new":3,"name":"water","counter":"c","event":"changed"}"#
    #expect(HistoryEntry(jsonLine: Array(fast.utf8)) == nil)
    #expect(HistoryEntry(jsonLine: Array(reordered.utf8)) == nil)
  }

  // MARK: Export and import

  /// A store whose water has a change with a note (one with a comma and quotes, for CSV)
  /// and one without.
  private func backupWithNotes() -> Backup {
    Backup(counters: [
      Backup.Item(
        name: "water", value: 3,
        history: [
          noted(nil, time: "2026-11-23T07:00:00Z"), noted(#"after the run, "10 km""#),
          noted("ünïcödé ☕", time: "2026-11-23T09:00:00Z"),
        ])
    ])
  }

  @Test(arguments: Backup.Format.allCases)
  func notesRoundTripThroughAnExport(format: Backup.Format) throws {
    let backup = backupWithNotes()
    let bytes = format == .json ? BackupJSON.encode(backup) : BackupCSV.encode(backup)
    let read = try Backup.decode(bytes)
    #expect(read == backup)
    #expect(read.counters[0].history.map(\.note) == [nil, #"after the run, "10 km""#, "ünïcödé ☕"])
    // ...and into a store's history, and out of it again.
    let defaults = InMemoryUserDefaults()
    AppDefaults.register(in: defaults)
    let history = SQLiteHistory.inMemory()
    let model = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
    _ = try BackupImport(store: nil, model: model, history: history).apply(read, replacing: false)
    #expect(Backup(list: model.list, history: history.read()).counters.last?.history == backup.counters[0].history)
  }

  @Test func theJSONExportHasANoteKeyOnlyWhereThereIsANote() {
    let text = String(decoding: BackupJSON.encode(backupWithNotes()), as: UTF8.self)
    #expect(text.components(separatedBy: "\"note\"").count == 3)
    #expect(text.contains(#""note" : "after the run, \"10 km\"""#))
  }

  @Test func aCSVExportHasTheNoteAfterTheSourceAndBeforeTheGroup() {
    let text = String(decoding: BackupCSV.encode(backupWithNotes()), as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    #expect(
      lines[0] == "kind,counter,value,step,goal,time,event,name,old,new,source,note,group,link,every,min,max,alert,groupAlert")
    #expect(lines[2] == "change,water,,,,2026-11-23T07:00:00Z,changed,water,2,3,app,,,,,,,,")
    #expect(
      lines[3] == #"change,water,,,,2026-11-23T08:00:00.250Z,changed,water,2,3,app,"after the run, ""10 km""",,,,,,,"#)
  }

  @Test func aJSONBackupFromBeforeNotesStillImports() throws {
    let old = """
      {"counters":[{"history":[{"event":"changed","name":"water","new":3,"old":2,"source":"app",
      "time":"2026-11-23T08:00:00.250Z"}],"name":"water","step":1,"value":3}],"format":"tally-backup","version":1}
      """
    let backup = try Backup.decode(Array(old.utf8))
    #expect(backup.counters[0].history == [noted(nil)])
  }

  @Test func aCSVExportFromBeforeNotesStillImports() throws {
    let old =
      "kind,counter,value,step,goal,time,event,name,old,new,source\r\ncounter,water,3,1,8/day,,,,,,\r\n"
      + "change,water,,,,2026-11-23T08:00:00.250Z,changed,water,2,3,app\r\n"
    let backup = try Backup.decode(Array(old.utf8))
    #expect(backup.counters[0].goal == Goal(amount: 8, period: .day))
    #expect(backup.counters[0].history == [noted(nil)])
  }

  @Test(arguments: [
    (
      "kind,counter,value,step,goal,time,event,name,old,new,source,note\ncounter,water,1,1,,,,,,,,\n"
        + "change,water,,,,2026-11-23T08:00:00Z,changed,water,0,1,app,\"two\nlines\"\n",
      "line 3: a note is one line"
    ),
    (
      "kind,counter,value,step,goal,time,event,name,old,new,source,note\ncounter,water,1,1,,,,,,,,\n"
        + "change,water,,,,2026-11-23T08:00:00Z,changed,water,0,1,app\n",
      "line 3: expected 12 fields, found 11"
    ),
    (
      #"{"counters":[{"history":[{"event":"changed","name":"water","new":3,"note":"\u001b[2J","old":2,"source":"app","#
        + #""time":"2026-11-23T08:00:00Z"}],"name":"water","step":1,"value":3}],"format":"tally-backup","version":1}"#,
      "counters[0].history[0].note: a note is one line"
    ),
  ])
  func aBadNoteInABackupIsReportedWhereItIs(file: String, message: String) {
    #expect {
      _ = try Backup.decode(Array(file.utf8))
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }
}
