import Glibc
import TallyPlatform
import TallyTestSupport
import Testing

/// A FIFO at `history.sqlite` or at its `-wal`, as processes: no command waits on it.
///
/// `inc` still counts and says the history could not be saved; `stats` and `log` exit 74 with
/// the reason; the FIFO is left where it is.
struct HistorySpecialFileCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  /// How a command ended and what it wrote.
  struct Ended: CustomStringConvertible {
    var status: Int32
    var standardOutput: String
    var standardError: String
    var description: String { "status \(status)\nstdout: \(standardOutput)\nstderr: \(standardError)" }
  }

  /// Runs `tally arguments`, killed (and recorded as `nil`) if it has not ended in
  /// `seconds`: a hang is a failure, not a test that never ends.
  private func runWithin(_ seconds: Double, _ arguments: String...) throws -> Ended? {
    let output = try TemporaryDirectory(prefix: "tally-child")
    let (outPath, errPath) = (output.appending("stdout"), output.appending("stderr"))
    let pid = try ChildProcess.spawn(
      tally, arguments, environment: environment, standardOutput: outPath, standardError: errPath)
    let deadline = MonotonicClock.now() + seconds
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard MonotonicClock.now() < deadline else {
        kill(pid, SIGKILL)
        _ = ChildProcess.wait(for: pid)
        return nil
      }
      MonotonicClock.sleep(seconds: 0.01)
    }
    let signal = status & 0x7F
    return Ended(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      standardOutput: (try? ChildProcess.readFileText(outPath)) ?? "",
      standardError: (try? ChildProcess.readFileText(errPath)) ?? "")
  }

  @Test(arguments: ["history.sqlite", "history.sqlite-wal"])
  func aFIFOInPlaceOfTheHistoryIsRefusedNotWaitedOn(name: String) throws {
    try expectOutput("set", "5", is: "5\n")
    let fifo = storeDirectory + "/" + name
    TestFiles.remove(fifo)
    try TestFiles.makeFIFO(fifo)

    let inc = try #require(try runWithin(10, "inc"), "tally inc waited on the FIFO")
    #expect(inc.status == 0, "\(inc)")
    #expect(inc.standardOutput == "6\n", "\(inc)")
    let lines = inc.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(inc)")
    #expect(lines.first?.contains("the history could not be saved") == true, "\(inc)")
    #expect(lines.first?.contains("not a regular file") == true, "\(inc)")
    try expectOutput("get", is: "6\n")

    for command in ["stats", "log"] {
      let result = try #require(try runWithin(10, command), "tally \(command) waited on the FIFO")
      #expect(result.status == 74, "\(command): \(result)")
      #expect(result.standardError.contains("\(name) cannot be written (not a regular file"), "\(command): \(result)")
      #expect(result.standardOutput.isEmpty, "\(command): \(result)")
    }

    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is left where it is")
    #expect(!FileSystem.names(inDirectory: storeDirectory).contains { $0.contains(".damaged-") })
  }
}
