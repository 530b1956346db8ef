import Glibc
import TallyDefaults
import TallyTestSupport
import Testing

/// The durable file and change watching behind `FileUserDefaults`: what it reads again and
/// what it recognises as its own.
struct StoreFileTests {
  private let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private var storePath: String { directory.appending("defaults.plist") }

  /// Rewrites the store file in place, same size, and puts its modification time back: a
  /// file that only a re-read could tell apart from the one the store wrote.
  private func plantInPlace(_ old: String, _ new: String) throws {
    var planted = Array(try ChildProcess.readFileText(storePath).utf8)
    let (oldBytes, newBytes) = (Array(old.utf8), Array(new.utf8))
    let start = try #require(planted.indices.first { planted[$0...].starts(with: oldBytes) })
    try #require(oldBytes.count == newBytes.count)
    planted.replaceSubrange(start..<start + oldBytes.count, with: newBytes)
    let fd = open(storePath, O_WRONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var info = stat()
    fstat(fd, &info)
    #expect(planted.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == planted.count)
    var times = [info.st_atim, info.st_mtim]
    #expect(futimens(fd, &times) == 0)
  }

  /// A file held open for writing would make remounting the disk read-only fail (EBUSY).
  @Test func afterASaveNoStoreFileIsHeldOpenForWriting() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set(1, forKey: "count")
    store.set(2, forKey: "count")
    var heldForWriting: [String] = []
    let fds = try #require(opendir("/proc/self/fd"))
    var names: [String] = []
    while let entry = readdir(fds) {
      names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    closedir(fds)
    for name in names where Int32(name) != nil {
      var target = [CChar](repeating: 0, count: 4096)
      let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
      guard length > 0 else { continue }
      let path = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard path.hasPrefix(directory.path) else { continue }
      let flags = fcntl(Int32(name) ?? -1, F_GETFL)
      if flags >= 0, flags & O_ACCMODE != O_RDONLY { heldForWriting.append(path) }
    }
    #expect(heldForWriting.isEmpty)
    #expect(store.integer(forKey: "count") == 2)
  }

  @Test func theStoresOwnWriteIsNotReadBack() throws {
    let store = try FileUserDefaults(directory: directory.path)
    let watch = try #require(store.changeNotificationDescriptor())
    store.set(1, forKey: "count")
    try plantInPlace("<integer>1</integer>", "<integer>7</integer>")
    #expect(ChildProcess.waitUntilReadable(watch, timeout: 5), "the store's own rename is reported")

    #expect(store.processChanges().isEmpty)
    #expect(store.reload().isEmpty)
    store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }
    #expect(store.integer(forKey: "count") == 2, "neither the notification nor the next save read the file again")
  }

  @Test func anotherWritersChangeIsReadOnce() throws {
    let store = try FileUserDefaults(directory: directory.path)
    let watch = try #require(store.changeNotificationDescriptor())
    var heard: [Set<String>] = []
    let observation = store.addChangeHandler { heard.append($0) }
    defer { observation.invalidate() }

    try FileUserDefaults(directory: directory.path).set(3, forKey: "count")
    #expect(ChildProcess.waitUntilReadable(watch, timeout: 5))

    #expect(store.processChanges() == ["count"])
    #expect(store.integer(forKey: "count") == 3)
    #expect(heard == [["count"]])
    #expect(store.processChanges().isEmpty, "nothing new is pending")
  }

  @Test func aFileEditedInPlaceIsReadAgain() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set(1, forKey: "count")
    let file = fopen(storePath, "w")
    fputs("<plist><dict><key>count</key><integer>40</integer></dict></plist>", file)
    fclose(file)

    store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }

    #expect(store.integer(forKey: "count") == 41)
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 41)
  }

  @Test func theLockIsWaitedForNoLongerThanTheTimeout() throws {
    let store = try FileUserDefaults(directory: directory.path, lockTimeout: { _ in 0.2 })
    let holder = open(directory.path, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    flock(holder, LOCK_EX)

    let start = Self.now()
    store.set(1, forKey: "count")
    let waited = Self.now() - start

    #expect(waited >= 0.2 && waited < 2)
    #expect(store.saveProblem == .locked(path: storePath, seconds: 0.2))
    #expect(store.hasUnsavedChanges)
    #expect(access(storePath, F_OK) != 0, "nothing is written without the lock")
  }

  private static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
