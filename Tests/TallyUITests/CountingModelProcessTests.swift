import FoundationEssentials
import PropertyBased
import Synchronization
import TallyReference
import TallyTestSupport
import Testing

/// Random sequences of commands run by the real `tally` against the reference model.
///
/// Each step is checked with `tally list --json`, and at the end `stats` and `log` of every
/// counter and the counter screen and the board in tmux (`CountingModel`). Sync is enabled
/// at any point, and a backup exported and imported back.
@Suite(.shrinking)
struct CountingModelProcessTests {
  /// One command of a sequence, decoded from a number (so that a failure shrinks).
  struct Step: CustomStringConvertible {
    var arguments: [String]
    /// What it does to the model; `false` when the model refuses it.
    var apply: (inout CountingModel) -> CountingModel.Outcome

    static let names = ["Count", "rows", "repeats", "☕ coffee", "日本語", String(repeating: "x", count: 32), "laps"]
    static let amounts = [1, 5, 12, 3, Int.max, 1000, 7, 0]

    init(_ seed: Int, model: CountingModel) {
      let counters = model.counters
      let name = counters[(seed / 17) % counters.count].name
      let other = counters[(seed / 101) % counters.count].name
      let fresh = Self.names[(seed / 11) % Self.names.count]
      let amount = Self.amounts[(seed / 7) % Self.amounts.count]
      switch seed % 16 {
      case 0: self.init(["new", fresh]) { $0.create(fresh) }
      case 1, 2: self.init(["inc", name, "--by", String(amount)]) { $0.add(amount, to: name) }
      case 3: self.init(["dec", name, "--by", String(amount)]) { $0.add(-amount, to: name) }
      case 4:
        let value = (seed / 300) % 2 == 0 ? amount : -amount
        self.init(["set", name, String(value)]) { $0.set(name, to: value) }
      case 5: self.init(["reset", name]) { $0.set(name, to: 0) }
      case 6: self.init(["rename", name, fresh]) { $0.rename(name, to: fresh) }
      case 7: self.init(["rm", name]) { $0.delete(name) }
      case 8:
        let every = [2, 12, 3][(seed / 300) % 3]
        self.init(["link", name, other, "--every", String(every)]) { $0.link(name, to: other, every: every) }
      case 9: self.init(["link", name, "--clear"]) { $0.clearLink(name) }
      case 10:
        let (low, high) = (-((seed / 300) % 20), (seed / 6000) % 30)
        self.init(["bounds", name, "--min", String(low), "--max", String(high)]) {
          $0.bounds(name, minimum: low, maximum: high)
        }
      case 11: self.init(["bounds", name, "--clear"]) { $0.bounds(name, minimum: nil, maximum: nil) }
      case 12:
        let goal = ["8/day", "at most 2/day", "300"][(seed / 300) % 3]
        self.init(["goal", name, goal]) { $0.setGoal(name, to: goal) }
      case 13:
        let group = ["Health", "Work"][(seed / 300) % 2]
        self.init(["group", name, group]) { $0.setGroup(name, to: group) }
      case 14: self.init(["inc", name, "--by", String(amount), "--at", "yesterday"]) { $0.add(amount, to: name) }
      case 15 where (seed / 300) % 2 == 0: self.init(["sync-enable"]) { _ in .done }
      default: self.init(["export-import"]) { _ in .done }
      }
    }

    init(_ arguments: [String], apply: @escaping (inout CountingModel) -> CountingModel.Outcome) {
      self.arguments = arguments
      self.apply = apply
    }

    var description: String { "tally " + arguments.joined(separator: " ") }
  }

  /// A row of `tally list --json`.
  struct Row: Decodable {
    var name: String
    var value: Int
    var current: Bool
  }

  /// A data directory and home of their own, with the app in tmux at the end.
  final class Run: CommandSuite {
    let tally: String
    let data: TemporaryDirectory
    var model = CountingModel()
    var steps: [String] = []
    var extraEnvironment: [String: String] { ["HOME": data.path, "TZ": "Europe/Berlin"] }

    init() throws {
      tally = try Executables.tally()
      data = try TemporaryDirectory(prefix: "tally-model")
    }

    func step(_ step: Step) throws {
      steps.append(step.description)
      if step.arguments == ["sync-enable"] {
        // Once; a second `sync enable` of the same folder changes nothing either.
        try expectSuccess("sync", "enable", data.appending("folder"))
        return
      }
      if step.arguments == ["export-import"] {
        let file = data.appending("backup.json")
        try expectSuccess("export", "--output", file)
        try expectSuccess("import", file, "--replace")
        return
      }
      let expected = step.apply(&model)
      let result = try ChildProcess.run(tally, step.arguments, environment: environment)
      #expect((result.status == 0) == (expected == .done), "\(result)\n\(trail)")
      if result.status != 0 {
        #expect([64, 65].contains(result.status) && result.standardError.hasPrefix("tally: "), "\(result)\n\(trail)")
      }
    }

    var trail: Comment { Comment(rawValue: steps.joined(separator: "; ")) }

    func rows() throws -> [Row] {
      let result = try expectSuccess("list", "--json")
      return try JSONDecoder().decode([Row].self, from: Data(result.standardOutput.utf8))
    }

    /// `tally list` shows what the model shows.
    func checkList() throws {
      let shown = try rows().map { NameAndValue(name: $0.name, value: $0.value) }
      #expect(shown == model.shownValues, trail)
    }

    /// Each counter's changes in `log` and its `stats` allTime add up to its own count.
    func checkHistory() throws {
      struct Stats: Decodable { var allTime: Int }
      struct Event: Decodable {
        var old: Int?
        var new: Int?
      }
      for counter in model.counters {
        let stats = try expectSuccess("stats", counter.name, "--json")
        let allTime = try? JSONDecoder().decode(Stats.self, from: Data(stats.standardOutput.utf8)).allTime
        #expect(allTime == counter.value, "stats \(counter.name): \(trail)")
        let log = try expectSuccess("log", counter.name, "--json")
        let events = try log.standardOutput.split(separator: "\n").map {
          try JSONDecoder().decode(Event.self, from: Data($0.utf8))
        }
        let sum = events.reduce(Int128(0)) { sum, event in
          guard let new = event.new else { return sum }
          return sum + Int128(new) - Int128(event.old ?? 0)
        }
        #expect(sum == Int128(counter.value), "log \(counter.name): \(trail)")
      }
    }

    /// The app's counter screen and board show what the model shows.
    func checkScreens() async throws {
      let current = try rows().first { $0.current }?.name ?? "Count"
      let app = try TerminalApp()
      app.launchArguments = ["-skipOnboarding", "-bigDigits", "false"]
      app.launchEnvironment = ["XDG_DATA_HOME": data.path, "HOME": data.path, "TZ": "Europe/Berlin"]
      try app.launch()
      let shownCurrent = model.shownValues.first { $0.name == current }
      _ = try await app.waitFor(text: "\(current): \(shownCurrent?.value ?? 0)")
      try app.press(.character("B"))
      let group = model.counter(named: current)?.group
      let onBoard = model.counters.filter { group == nil || $0.group == group }
      let screen = try await app.waitFor(text: onBoard[0].name)
      for counter in onBoard.prefix(8) {
        let value = String(model.shown(counter.identity))
        // The board cuts a long name short.
        let name = String(counter.name.prefix(8))
        #expect(
          screen.contains { $0.contains(name) && $0.contains(value) },
          "\(counter.name) \(value): \(trail)\n\(screen.joined(separator: "\n"))")
      }
      try app.press(.character("q"))
      try app.press(.character("q"))
    }
  }

  /// Found by the sequences: down 1000, set to Int.max, export and import back.
  ///
  /// The import's check of the history against the value summed the changes saturated and
  /// added a row.
  @Test func aSetToIntMaxAfterADecreaseSurvivesAnImport() throws {
    let run = try Run()
    for seed in [454419, 369236, 109119] { try run.step(Step(seed, model: run.model)) }
    #expect(run.steps == ["tally dec Count --by 1000", "tally set Count 9223372036854775807", "tally export-import"])
    try run.checkList()
    try run.checkHistory()
  }

  @Test func sequencesOfCommandsShowWhatTheModelShows() async throws {
    let tally = Mutex((sequences: 0, steps: 0))
    await propertyCheck(count: 4, input: Gen.int(in: 0...1_000_000).array(of: 5...20)) { seeds in
      let run = try Run()
      for seed in seeds {
        try run.step(Step(seed, model: run.model))
        try run.checkList()
      }
      try run.checkHistory()
      try await run.checkScreens()
      tally.withLock { $0 = ($0.sequences + 1, $0.steps + seeds.count) }
    }
    tally.withLock { print("CountingModelProcessTests: \($0.sequences) sequences, \($0.steps) commands") }
  }
}
