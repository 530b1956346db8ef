import TallyPlatform

/// How the commands print counters: `name<TAB>value` lines, or JSON for programs.
public enum CounterListing {
  struct Entry: Encodable {
    var name: String
    var value: Int
    var step: Int
    var current: Bool
    /// The goal as `tally goal` takes it (`8/day`, `300`); absent when there is none.
    var goal: String?
    var group: String?
  }

  /// `name<TAB>value`, one line per counter.
  public static func lines(_ counters: [Counter]) -> [String] {
    counters.map { "\(TerminalText.escaped($0.name))\t\($0.shown)" }
  }

  /// `{"current":true,"name":"Count","step":1,"value":12}`, keys sorted, on one line, with
  /// `"goal":"8/day"` and `"group":"Health"` when the counter has them.
  public static func json(_ counter: Counter, currentID: String) -> String {
    JSONLine.encode(entry(counter, currentID: currentID))
  }

  /// A JSON array of every counter, on one line.
  public static func json(_ counters: [Counter], currentID: String) -> String {
    JSONLine.encode(counters.map { entry($0, currentID: currentID) })
  }

  private static func entry(_ counter: Counter, currentID: String) -> Entry {
    Entry(
      name: counter.name, value: counter.shown, step: counter.step, current: counter.id == currentID,
      goal: counter.goal?.text, group: counter.group)
  }
}
