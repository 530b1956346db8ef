import FoundationEssentials
import TallyModel
import TallyTestSupport
import Testing

@testable import TallyHistory

/// The schema Tally wrote before notes (version 2, as `HistorySchema.sql` stood at
/// 7f6a8d2), to make the databases that are on users' disks.
private let schemaBeforeNotes = """
  PRAGMA journal_mode = WAL;
  CREATE TABLE change (seq INTEGER PRIMARY KEY, time INTEGER NOT NULL, event TEXT NOT NULL, counter TEXT NOT NULL,
    name TEXT NOT NULL, old INTEGER, new INTEGER, source TEXT NOT NULL, machine TEXT, file TEXT);
  CREATE INDEX change_by_counter ON change (counter, time);
  CREATE INDEX change_by_file ON change (file) WHERE file IS NOT NULL;
  CREATE TABLE period (kind INTEGER NOT NULL, counter TEXT NOT NULL, number INTEGER NOT NULL, net INTEGER NOT NULL,
    progress INTEGER NOT NULL, last_time INTEGER NOT NULL, last_seq INTEGER NOT NULL,
    PRIMARY KEY (kind, counter, number)) WITHOUT ROWID;
  CREATE TABLE streak (counter TEXT NOT NULL, kind INTEGER NOT NULL, amount INTEGER NOT NULL, best INTEGER NOT NULL,
    first INTEGER NOT NULL, last INTEGER NOT NULL, PRIMARY KEY (counter, kind, amount)) WITHOUT ROWID;
  CREATE TABLE counter_total (counter TEXT PRIMARY KEY, net INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE setting (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
  CREATE TABLE folder_file (name TEXT PRIMARY KEY, machine TEXT NOT NULL, device INTEGER NOT NULL, inode INTEGER NOT NULL,
    indexed INTEGER NOT NULL, modified INTEGER NOT NULL, damaged INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE own_file (name TEXT PRIMARY KEY, size INTEGER NOT NULL, copied INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TRIGGER change_adds_to_total AFTER INSERT ON change
  WHEN NEW.event = 'changed' AND NEW.old IS NOT NULL AND NEW.new IS NOT NULL BEGIN
    INSERT INTO counter_total (counter, net) VALUES (NEW.counter, NEW.new - NEW.old)
    ON CONFLICT (counter) DO UPDATE SET net = net + NEW.new - NEW.old;
  END;
  CREATE TRIGGER change_leaves_total AFTER DELETE ON change
  WHEN OLD.event = 'changed' AND OLD.old IS NOT NULL AND OLD.new IS NOT NULL BEGIN
    UPDATE counter_total SET net = net - (OLD.new - OLD.old) WHERE counter = OLD.counter;
  END;
  CREATE TRIGGER change_moves_total AFTER UPDATE OF counter ON change
  WHEN OLD.event = 'changed' AND OLD.old IS NOT NULL AND OLD.new IS NOT NULL BEGIN
    UPDATE counter_total SET net = net - (OLD.new - OLD.old) WHERE counter = OLD.counter;
    INSERT INTO counter_total (counter, net) VALUES (NEW.counter, NEW.new - NEW.old)
    ON CONFLICT (counter) DO UPDATE SET net = net + NEW.new - NEW.old;
  END;
  PRAGMA user_version = 2;
  """

private func noted(_ time: String, _ old: Int, _ new: Int, _ note: String?, counter: String = "count") -> HistoryEntry {
  HistoryEntry(time: at(time), event: .changed, counter: counter, name: "Count", old: old, new: new, source: .app, note: note)
}

struct NoteHistoryTests {
  let data: TemporaryDirectory
  let folder: TemporaryDirectory

  init() throws {
    data = try TemporaryDirectory()
    folder = try TemporaryDirectory()
  }

  // MARK: The database

  @Test func aDatabaseFromBeforeNotesGainsTheColumnAndKeepsEveryChange() throws {
    let path = data.appending(SQLiteHistory.fileName)
    do {
      let old = try SQLiteConnection(path: path)
      try old.execute(schemaBeforeNotes)
      for (index, time) in ["2026-11-20T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T10:00:00Z"].enumerated() {
        try old.run(
          "INSERT INTO change (time, event, counter, name, old, new, source, machine, file) VALUES (?, 'changed', 'count', "
            + "'Count', ?, ?, 'app', ?, ?)",
          [
            .integer(HistoryEntry.milliseconds(of: at(time))), .integer(Int64(index)), .integer(Int64(index + 1)),
            index == 2 ? .text("desktop") : .null, index == 2 ? .text("desktop.history.2026-11.jsonl") : .null,
          ])
      }
      try old.run("INSERT INTO setting (key, value) VALUES ('imported', 0)")
    }
    let history = try SQLiteHistory.open(directory: data.path)
    #expect(try history.connection.integer("PRAGMA user_version") == HistorySchema.version)
    #expect(history.entryCount(ofCounter: "count") == 3)
    let entries = history.read().entries
    #expect(entries.map(\.new) == [1, 2, 3])
    #expect(entries.map(\.machine) == [nil, nil, "desktop"])
    #expect(entries.allSatisfy { $0.note == nil })
    #expect(entries.allSatisfy { $0.action == nil }, "changes from before Tally kept what made them")
    #expect(history.allTime(ofCounter: "count") == 3)
    #expect(history.notices.isEmpty)
    // A note goes with a new change, and with an old one; the new change keeps what made it.
    var made = noted("2026-11-23T10:00:00Z", 3, 4, "after the migration")
    made.action = .add
    history.append([made])
    let last = try #require(history.lastChange(ofCounter: "count"))
    #expect(history.setNote("the fourth", of: last))
    let first = RecordedChange(row: 1, entry: entries[0])
    #expect(history.setNote("from before notes", of: first))
    let reopened = try SQLiteHistory.open(directory: data.path)
    #expect(reopened.read().entries.map(\.note) == ["from before notes", nil, nil, "the fourth"])
    #expect(reopened.read().entries.map(\.action) == [nil, nil, nil, .add])
    #expect(try reopened.connection.integer("SELECT count(*) FROM change WHERE file IS NOT NULL") == 1)
  }

  @Test func aNoteIsKeptWithItsChange() throws {
    let history = try SQLiteHistory.open(directory: data.path)
    history.append([noted("2026-11-23T10:00:00Z", 0, 1, nil), noted("2026-11-23T11:00:00Z", 1, 2, "second glass")])
    let reopened = try SQLiteHistory.open(directory: data.path)
    #expect(reopened.entries(ofCounter: "count", since: nil, until: nil, limit: 1).entries.map(\.note) == ["second glass"])
    #expect(reopened.read().entries.map(\.note) == [nil, "second glass"])
  }

  @Test func theLastChangeIsThisMachinesLatestChangeOfValue() throws {
    let history = SQLiteHistory.inMemory()
    #expect(history.lastChange(ofCounter: "count") == nil)
    history.append([
      HistoryEntry(time: at("2026-11-23T09:00:00Z"), event: .created, counter: "count", name: "Count", source: .app)
    ])
    #expect(history.lastChange(ofCounter: "count") == nil, "a counter just made has no change yet")
    history.append([
      noted("2026-11-23T10:00:00Z", 0, 1, nil), noted("2026-11-23T12:00:00Z", 1, 2, nil),
      // Dated in the past (--at): not the last one.
      noted("2026-11-20T12:00:00Z", 2, 3, nil), noted("2026-11-23T13:00:00Z", 0, 9, nil, counter: "other"),
      HistoryEntry(time: at("2026-11-23T14:00:00Z"), event: .renamed, counter: "count", name: "Laps", source: .app),
    ])
    let last = try #require(history.lastChange(ofCounter: "count"))
    #expect(last.entry == noted("2026-11-23T12:00:00Z", 1, 2, nil))
    #expect(last.row == 3)
  }

  @Test func aNoteIsSetTakenOffAndNeverPutOnAnotherChange() throws {
    let history = try SQLiteHistory.open(directory: data.path)
    history.append([noted("2026-11-23T10:00:00Z", 0, 1, nil)])
    let last = try #require(history.lastChange(ofCounter: "count"))
    #expect(history.setNote("noted", of: last))
    #expect(history.lastChange(ofCounter: "count")?.entry.note == "noted")
    #expect(history.setNote(nil, of: last))
    #expect(history.read().entries.map(\.note) == [nil])
    // The row went (an import that replaced the history) and another change took its number.
    _ = try history.keepAsideAndClear()
    history.append([noted("2026-11-23T11:00:00Z", 5, 6, nil)])
    #expect(history.lastChange(ofCounter: "count")?.row == last.row)
    #expect(!history.setNote("meant for the old change", of: last))
    #expect(history.read().entries.map(\.note) == [nil])
    #expect(history.appendProblem == nil)
  }

  @Test func anotherMachinesChangeTakesNoNoteFromThisOne() throws {
    var theirs = noted("2026-11-23T10:00:00Z", 0, 1, nil)
    theirs.machine = "desktop"
    try TestFiles.write(Array((theirs.jsonLine + "\n").utf8), to: folder.appending("desktop.history.2026-11.jsonl"))
    let history = try laptop()
    #expect(history.read().entries.count == 1)
    #expect(history.lastChange(ofCounter: "count") == nil)
    #expect(!history.setNote("mine", of: RecordedChange(row: 1, entry: theirs)))
  }

  // MARK: The sync folder

  func laptop() throws -> SQLiteHistory {
    let history = try SQLiteHistory.open(directory: data.path)
    history.attach(folder: folder.path, machine: "laptop") { true }
    return history
  }

  /// What the desktop reads of the laptop's files, in a database of its own.
  func desktopReading() throws -> [HistoryEntry] {
    let other = try TemporaryDirectory()
    let desktop = try SQLiteHistory.open(directory: other.path)
    desktop.attach(folder: folder.path, machine: "desktop") { true }
    return desktop.read().entries
  }

  @Test func aNoteCrossesTheFolderWithItsChange() throws {
    let history = try laptop()
    history.append([noted("2026-11-23T10:00:00Z", 0, 1, "on the laptop")])
    let file = try #require(TestFiles.read(folder.appending("laptop.history.2026-11.jsonl")))
    #expect(String(decoding: file, as: UTF8.self).contains(#""note":"on the laptop""#))
    let read = try desktopReading()
    #expect(read.map(\.note) == ["on the laptop"])
    #expect(read.map(\.machine) == ["laptop"])
  }

  /// `N` notes a change already copied: its month's file is written anew with the note (and
  /// read again whole by the other machines), once; taking the note off does the same.
  @Test func aNoteAddedLaterReachesTheFolderAtTheNextCopy() throws {
    let history = try laptop()
    let other = try TemporaryDirectory()
    let desktop = try SQLiteHistory.open(directory: other.path)
    desktop.attach(folder: folder.path, machine: "desktop") { true }
    history.append([noted("2026-10-31T10:00:00Z", 0, 1, nil), noted("2026-11-23T10:00:00Z", 1, 2, nil)])
    #expect(desktop.read().entries.map(\.note) == [nil, nil])
    let november = folder.appending("laptop.history.2026-11.jsonl")
    let october = try #require(TestFiles.read(folder.appending("laptop.history.2026-10.jsonl")))

    #expect(history.setNote("noted later", of: try #require(history.lastChange(ofCounter: "count"))))
    history.copyToFolder()
    var expected = noted("2026-11-23T10:00:00Z", 1, 2, "noted later")
    #expect(TestFiles.read(november) == Array((expected.jsonLine + "\n").utf8))
    #expect(TestFiles.read(folder.appending("laptop.history.2026-10.jsonl")) == october, "the other months are left alone")
    #expect(desktop.refresh())
    #expect(desktop.read().entries.map(\.note) == [nil, "noted later"])
    #expect(desktop.read().entries.count == 2)

    // Appending goes on as before once the file is written anew.
    history.append([noted("2026-11-23T11:00:00Z", 2, 3, nil)])
    #expect(
      TestFiles.read(november)?.count
        == (expected.jsonLine + "\n" + noted("2026-11-23T11:00:00Z", 2, 3, nil).jsonLine + "\n").utf8.count)

    expected.note = nil
    #expect(history.setNote(nil, of: RecordedChange(row: 2, entry: expected)))
    history.copyToFolder()
    #expect(desktop.refresh())
    #expect(desktop.read().entries.map(\.note) == [nil, nil, nil])
  }

  /// A note from another machine is untrusted: one that could not have been typed makes its
  /// line damaged, skipped and counted as any damaged line is, and the rest of the file is
  /// read.
  @Test func aHostileNoteFromAnotherMachineIsADamagedLine() throws {
    let good = noted("2026-11-23T10:00:00Z", 0, 1, "fine")
    var lines = good.jsonLine + "\n"
    for hostile in ["\u{1B}]0;owned\u{07}", "clear \u{9B}2J", String(repeating: "x", count: 201), "two\nlines"] {
      lines += noted("2026-11-23T11:00:00Z", 1, 2, hostile).jsonLine + "\n"
    }
    try TestFiles.write(Array(lines.utf8), to: folder.appending("desktop.history.2026-11.jsonl"))
    let history = try laptop()
    #expect(history.read().entries.map(\.note) == ["fine"])
    #expect(history.notice == "4 damaged lines of other machines' history skipped")
  }
}
