import TallyModel
import TallySync
import TallyTestSupport
import Testing

/// Linked counters on two machines whose files cross in real folders.
struct SyncLinkTests: TwoMachineSuite {
  let root: TemporaryDirectory
  let laptop: SyncedMachine
  let desktop: SyncedMachine

  init() throws {
    root = try TemporaryDirectory()
    laptop = try SyncedMachine("laptop", in: root)
    desktop = try SyncedMachine("desktop", in: root)
    try exchange()
  }

  /// Makes `rows` and `repeats` on the laptop, rows linked every 12, and gives both machines them.
  private func knit() throws {
    laptop.perform(.create(named: "rows", selecting: false))
    laptop.perform(.create(named: "repeats", selecting: false))
    let rows = try #require(laptop.counter("rows")).id
    let repeats = try #require(laptop.counter("repeats")).id
    laptop.perform(.setRules(CounterRules(link: CounterLink(to: repeats, every: 12)), of: rows))
    try exchange()
    #expect(desktop.counter("rows")?.rules.link == CounterLink(to: repeats, every: 12))
  }

  @Test func twoMachinesCountingAtOnceCarryExactlyOnce() throws {
    try knit()
    for _ in 0..<6 {
      laptop.add(1, to: "rows")
      desktop.add(1, to: "rows")
    }
    #expect(laptop.counter("rows")?.shown == 6 && desktop.counter("rows")?.shown == 6)
    try exchange()
    for machine in [laptop, desktop] {
      #expect(machine.counter("rows")?.shown == 0, "\(machine.name)")
      #expect(machine.counter("repeats")?.shown == 1, "\(machine.name)")
      #expect(machine.counter("rows")?.value == 12, "rows keeps every count: \(machine.name)")
      #expect(machine.counter("repeats")?.value == 0, "no change is written for a carry: \(machine.name)")
    }
  }

  @Test func boundsAlertsAndLimitsSyncAsFields() throws {
    let id = try #require(laptop.counter("Count")).id
    laptop.perform(.setGoal(Goal(amount: 3, period: .day, isLimit: true), of: id))
    laptop.perform(.setRules(CounterRules(minimum: 0, maximum: 9, alert: CounterAlert(at: 5)), of: id))
    try exchange()
    #expect(desktop.counter("Count")?.goal == Goal(amount: 3, period: .day, isLimit: true))
    #expect(desktop.counter("Count")?.rules == CounterRules(minimum: 0, maximum: 9, alert: CounterAlert(at: 5)))
  }

  @Test func countingDownOnOneMachineTakesTheCarryBackOnBoth() throws {
    try knit()
    laptop.add(13, to: "rows")
    try exchange()
    desktop.add(-2, to: "rows")
    try exchange()
    for machine in [laptop, desktop] {
      #expect(machine.counter("rows")?.shown == 11, "\(machine.name)")
      #expect(machine.counter("repeats")?.shown == 0, "\(machine.name)")
    }
  }
}
