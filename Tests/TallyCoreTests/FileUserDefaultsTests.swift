import Glibc
import TallyDefaults
import TallyTestSupport
import Testing

struct FileUserDefaultsTests {
  private let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private var storePath: String { directory.appending("defaults.plist") }

  private func write(_ text: String, to path: String) {
    let file = fopen(path, "w")
    fputs(text, file)
    fclose(file)
  }

  private func entries() -> [String] {
    var names: [String] = []
    if let handle = opendir(directory.path) {
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if !name.hasPrefix(".") { names.append(name) }
      }
      closedir(handle)
    }
    return names.sorted()
  }

  @Test func missingParentDirectoriesAreMadePrivate() throws {
    let nested = directory.appending("data/tally")
    try FileUserDefaults(directory: nested).set(1, forKey: "count")
    for path in [directory.appending("data"), nested] {
      var info = stat()
      #expect(stat(path, &info) == 0)
      #expect(info.st_mode & S_IFMT == S_IFDIR)
      #expect(info.st_mode & 0o777 == 0o700)
    }
    #expect(try FileUserDefaults(directory: nested).integer(forKey: "count") == 1)
  }

  @Test func aFileWhereTheDirectoryShouldBeIsAnError() throws {
    let path = directory.appending("tally")
    write("not a directory", to: path)
    #expect(throws: StoreError.cannotCreateDirectory(path: path, errno: ENOTDIR)) {
      try FileUserDefaults(directory: path)
    }
    let below = path + "/deeper"
    #expect(throws: StoreError.cannotCreateDirectory(path: below, errno: ENOTDIR)) {
      try FileUserDefaults(directory: below)
    }
  }

  @Test func aReopenedStoreSeesTheValue() throws {
    try FileUserDefaults(directory: directory.path).set(12, forKey: "count")
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 12)
    #expect(entries() == ["defaults.plist"])
  }

  @Test func aValueIsOnDiskWhenSetReturns() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set(5, forKey: "count")
    let text = try ChildProcess.readFileText(storePath)
    #expect(text.contains("<key>count</key>\n\t<integer>5</integer>"))
  }

  @Test func itCreatesMissingDirectories() throws {
    let nested = directory.appending("a/b/tally")
    let store = try FileUserDefaults(directory: nested)
    store.set(true, forKey: "flag")
    #expect(try FileUserDefaults(directory: nested).bool(forKey: "flag"))
  }

  @Test func twoStoresOnOneDirectoryLoseNoIncrement() throws {
    let first = try FileUserDefaults(directory: directory.path)
    let second = try FileUserDefaults(directory: directory.path)
    for _ in 0..<50 {
      first.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }
      second.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }
    }
    #expect(first.integer(forKey: "count") == 99)
    #expect(second.integer(forKey: "count") == 100)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 100)
  }

  @Test func aBatchWritesOnce() throws {
    let store = try FileUserDefaults(directory: directory.path)
    let watcher = try FileUserDefaults(directory: directory.path)
    store.performBatch {
      for _ in 0..<100 { store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 } }
      #expect(watcher.reload().isEmpty, "nothing is written until the batch ends")
    }
    #expect(watcher.reload() == ["count"])
    #expect(watcher.integer(forKey: "count") == 100)
  }

  @Test(arguments: [
    "garbage that is not XML", "<plist><dict><key>count</key><integer>1</integer>", "", "<plist><array/></plist>",
  ])
  func aDamagedFileIsMovedAsideNotLost(content: String) throws {
    write(content, to: storePath)

    let store = try FileUserDefaults(directory: directory.path)

    #expect(store.object(forKey: "count") == nil)
    #expect(store.notices.count == 1)
    guard case .corrupt(_, let movedTo, _) = store.notices.first else {
      Issue.record("expected a corrupt-file notice, got \(store.notices)")
      return
    }
    #expect(try ChildProcess.readFileText(movedTo) == content)
    #expect(store.notices[0].description.contains("moved to \(movedTo)"))
    store.set(1, forKey: "count")
    #expect(entries().count == 2)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 1)
  }

  @Test func aFileDamagedWhileRunningKeepsTheValuesInMemory() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set(41, forKey: "count")
    write("not a plist", to: storePath)

    store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }

    #expect(store.integer(forKey: "count") == 42)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 42)
    #expect(store.notices.count == 1)
  }

  @Test func aDirectoryInPlaceOfTheFileIsAnErrorNotAReset() throws {
    mkdir(storePath, 0o700)
    #expect(throws: StoreError.self) { try FileUserDefaults(directory: directory.path) }
  }

  @Test func aPathThroughARegularFileIsAClearError() throws {
    write("x", to: directory.appending("file"))
    #expect {
      try FileUserDefaults(directory: directory.appending("file/tally"))
    } throws: { error in
      "\(error)".contains("cannot create the data directory")
    }
  }

  @Test func aFailedSaveKeepsTheValueAndIsRetried() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set(1, forKey: "count")
    // A directory where the temporary file goes makes the next save fail.
    mkdir(storePath + ".tmp", 0o700)

    store.set(2, forKey: "count")
    #expect(store.integer(forKey: "count") == 2)
    #expect(store.saveProblem?.description.contains("cannot save") == true)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 1)

    rmdir(storePath + ".tmp")
    store.set(true, forKey: "flag")
    #expect(store.saveProblem == nil)
    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.integer(forKey: "count") == 2)
    #expect(reopened.bool(forKey: "flag"))
  }

  @Test func aLockHeldTooLongIsReportedAndTheChangeKept() throws {
    let store = try FileUserDefaults(directory: directory.path, lockTimeout: { _ in 0.05 })
    let holder = open(directory.path, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    flock(holder, LOCK_EX)

    store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }
    #expect(store.saveProblem == .locked(path: storePath, seconds: 0.05))
    #expect(store.integer(forKey: "count") == 1)

    flock(holder, LOCK_UN)
    store.set(true, forKey: "flag")
    #expect(store.saveProblem == nil)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 1)
  }

  @Test func valuesTheStoreCannotHoldAreIgnored() throws {
    struct NotAPropertyList {}
    let store = try FileUserDefaults(directory: directory.path)
    store.set(1, forKey: "count")
    store.set(NotAPropertyList(), forKey: "count")
    #expect(store.integer(forKey: "count") == 1)
  }

  @Test func extremeValuesRoundTrip() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set(Int.max, forKey: "max")
    store.set(Int.min, forKey: "min")
    store.set(UInt64.max, forKey: "umax")
    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.integer(forKey: "max") == Int.max)
    #expect(reopened.integer(forKey: "min") == Int.min)
    #expect(reopened.object(forKey: "umax") as? UInt64 == UInt64.max)
  }

  @Test func retrySaveSavesWhatAFailedSaveKept() throws {
    let store = try FileUserDefaults(directory: directory.path)
    mkdir(storePath + ".tmp", 0o700)
    store.set(7, forKey: "count")
    #expect(store.hasUnsavedChanges)
    store.retrySave()
    #expect(store.saveProblem != nil)
    rmdir(storePath + ".tmp")
    store.retrySave()
    #expect(store.saveProblem == nil)
    #expect(!store.hasUnsavedChanges)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 7)
  }

  @Test func aDataDirectoryDeletedAndMadeAgainIsFollowed() throws {
    let data = directory.appending("data")
    let store = try FileUserDefaults(directory: data)
    let watch = try #require(store.changeNotificationDescriptor())
    store.set(1, forKey: "count")
    TemporaryDirectory.removeTree(data)
    mkdir(data, 0o700)
    _ = ChildProcess.waitUntilReadable(watch, timeout: 5)
    store.processChanges()

    store.set(2, forKey: "count")
    #expect(store.saveProblem == nil)
    #expect(try FileUserDefaults(directory: data).integer(forKey: "count") == 2)

    // Another writer in the new directory is noticed.
    try FileUserDefaults(directory: data).set(3, forKey: "count")
    #expect(ChildProcess.waitUntilReadable(watch, timeout: 5))
    store.processChanges()
    #expect(store.integer(forKey: "count") == 3)
  }

  @Test func aDataDirectoryDeletedWhileRunningIsMadeAgainOnTheNextSave() throws {
    let data = directory.appending("data")
    let store = try FileUserDefaults(directory: data)
    store.set(1, forKey: "count")
    TemporaryDirectory.removeTree(data)
    store.set(5, forKey: "count")
    #expect(store.saveProblem == nil)
    #expect(try FileUserDefaults(directory: data).integer(forKey: "count") == 5)
  }
}
