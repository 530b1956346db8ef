import TallyModel
import TallyReference
import TallySync
import TallyTestSupport
import Testing

/// Three machines with stores and sync folders of their own, run beside the reference model:
/// every step is made on both, and what each machine shows is compared with the model.
///
/// The first machine is used alone until it runs `sync enable`; the others join after it,
/// having only made counters and counted (a new machine, or one used a little alone). Once
/// joined, a machine counts without waiting for the others (counts add up in any order), and
/// every other change is made once the machines have exchanged their files, as a user on one
/// machine at a time does; the model is then one model for all of them.
final class CountingRun {
  let root: TemporaryDirectory
  let machines: [SyncedMachine]
  private(set) var joined = [false, false, false]
  /// Each machine's model before it joins.
  private var local = [CountingModel(), CountingModel(firstIdentity: 1000), CountingModel(firstIdentity: 2000)]
  /// The machines' one model, from when the first one joined.
  private var shared: CountingModel?
  /// Whether every joined machine has read every other's latest files.
  private var settled = true
  /// The last value change or delete, for `u`: the machine, the change, the model's identity.
  private var undoable: (machine: Int, change: CounterChange, identity: Int)?
  private(set) var steps: [CountingStep] = []
  /// Whether a joined machine renamed or deleted a counter: a machine that joins before the
  /// files arrive then shows its counter of that name apart, as docs/sync.md says ("Joining
  /// keeps the counts"), which the model, merging by name alone, does not say.
  private var renamedWhileJoined = false

  init() throws {
    let root = try TemporaryDirectory(prefix: "tally-model")
    self.root = root
    machines = try (0..<3).map { try SyncedMachine("m\($0)", in: root, joining: false) }
  }

  func model(of machine: Int) -> CountingModel { joined[machine] ? shared ?? local[machine] : local[machine] }

  private func setModel(_ model: CountingModel, of machine: Int) {
    if joined[machine] { shared = model } else { local[machine] = model }
  }

  /// Runs `step` on the model and on the machine; returns whether it ran (a step a machine
  /// cannot take at this point, such as a second machine's link before it joins, is skipped).
  @discardableResult
  func run(_ step: CountingStep) throws -> Bool {
    let machine = step.machine
    switch step.action {
    case .enable(let early): return try enable(machine, early: early)
    case .exchange(let from):
      guard joined[machine], joined[from], from != machine else { return false }
      try machines[machine].receive(from: machines[from])
      machines[machine].pull()
      settled = false
    case .restart:
      try machines[machine].restart()
    case .add(let counter, let delta):
      guard let name = name(counter, on: machine) else { return false }
      if joined[machine], needsSettling(forAdding: delta, on: machine) { try settle() }
      var model = model(of: machine)
      let expected = model.add(delta, to: name)
      setModel(model, of: machine)
      let id = machines[machine].counter(name)?.id
      try expect(expected, from: id.map { .add(delta, to: $0) }, on: machine, identity: model.counter(named: name)?.identity)
      if joined[machine] { settled = false }
    default:
      guard joined[machine] || machine == 0 || isCreate(step.action) else { return false }
      if joined[machine] { try settle() }
      guard try change(step.action, on: machine) else { return false }
      if joined[machine] { try settle() }
    }
    steps.append(step)
    return true
  }

  private func isCreate(_ action: CountingStep.Action) -> Bool {
    if case .create = action { true } else { false }
  }

  /// A count a machine may make before reading the others': none that a bound could refuse or
  /// that could pass `Int`'s ends only with what the others counted.
  private func needsSettling(forAdding delta: Int, on machine: Int) -> Bool {
    guard let shared else { return false }
    let large: UInt = 1 << 60
    // The machine's own view too: one that has not read the others' files may be near an end.
    return shared.counters.contains { $0.minimum != nil || $0.maximum != nil || $0.value.magnitude > large }
      || machines[machine].model.list.counters.contains { $0.value.magnitude > large } || delta.magnitude > large
  }

  private func name(_ counter: Int, on machine: Int) -> String? {
    let counters = model(of: machine).counters
    return counters.isEmpty ? nil : counters[counter % counters.count].name
  }

  private func enable(_ machine: Int, early: Bool) throws -> Bool {
    let early = early && !renamedWhileJoined
    guard !joined[machine], machine == 0 || joined[0], shared?.canMerge(local[machine]) ?? true else { return false }
    if machine != 0 {
      // A machine joins the folder as the sync engine has filled it with the others' files, or
      // before it has.
      try settle()
      for other in machines.indices where joined[other] && !early {
        try machines[machine].receiveOwnFile(of: machines[other])
      }
    }
    try machines[machine].join()
    if var shared {
      shared.merge(local[machine])
      self.shared = shared
    } else {
      shared = local[machine]
    }
    joined[machine] = true
    undoable = nil
    try settle()
    steps.append(CountingStep(machine: machine, action: .enable(early: early)))
    return true
  }

  /// Every joined machine reads every other's latest files.
  func settle() throws {
    try SyncMergePropertyTests.settle(machines.indices.filter { joined[$0] }.map { machines[$0] })
    settled = true
  }

  /// Makes a change other than a count on the model and the machine.
  private func change(_ action: CountingStep.Action, on machine: Int) throws -> Bool {
    var model = model(of: machine)
    let sut = machines[machine]
    func id(_ name: String?) -> String? { name.flatMap { sut.counter($0)?.id } }
    let counters = model.counters
    let name = { (index: Int) in counters[index % counters.count].name }
    let expected: CountingModel.Outcome
    var edit: CounterEdit?
    var identity: Int?
    switch action {
    case .create(let new):
      expected = model.create(new)
      edit = .create(named: new, selecting: false)
    case .set(let counter, let value):
      expected = model.set(name(counter), to: value)
      edit = id(name(counter)).map { .setValue(value, of: $0) }
      identity = model.counter(named: name(counter))?.identity
    case .undo:
      return try undo(on: machine)
    case .rename(let counter, let new):
      expected = model.rename(name(counter), to: new)
      if joined[machine], expected == .done { renamedWhileJoined = true }
      edit = id(name(counter)).map { .rename($0, to: new) }
    case .delete(let counter):
      identity = model.counter(named: name(counter))?.identity
      expected = model.delete(name(counter))
      if joined[machine], expected == .done { renamedWhileJoined = true }
      edit = id(name(counter)).map { .delete($0) }
    case .step(let counter, let step):
      expected = model.setStep(name(counter), to: step)
      edit = id(name(counter)).map { .setStep(step, of: $0) }
    case .goal(let counter, let text):
      expected = model.setGoal(name(counter), to: text.map(Self.goalText))
      let goal = text.flatMap { try? Goal(text: $0) }
      edit = text != nil && goal == nil ? nil : id(name(counter)).map { .setGoal(goal, of: $0) }
    case .group(let counter, let group):
      expected = model.setGroup(name(counter), to: group)
      edit = id(name(counter)).map { .setGroup(group, of: $0) }
    default:
      (expected, edit) = rulesChange(action, model: &model, on: sut)
    }
    setModel(model, of: machine)
    try expect(expected, from: edit, on: machine, identity: identity)
    return true
  }

  /// A change of a counter's rules: its link, bounds or alert.
  private func rulesChange(
    _ action: CountingStep.Action, model: inout CountingModel, on sut: SyncedMachine
  ) -> (CountingModel.Outcome, CounterEdit?) {
    let counters = model.counters
    let name = { (index: Int) in counters[index % counters.count].name }
    let counter: Int
    let expected: CountingModel.Outcome
    var rules: (inout CounterRules) -> Void
    switch action {
    case .link(let from, let to, let every):
      counter = from
      expected = model.link(name(from), to: name(to), every: every)
      let target = sut.counter(name(to))?.id ?? "count-999"
      rules = { $0.link = CounterLink(to: target, every: every) }
    case .clearLink(let index):
      counter = index
      expected = model.clearLink(name(index))
      rules = { $0.link = nil }
    case .bounds(let index, let minimum, let maximum):
      counter = index
      expected = model.bounds(name(index), minimum: minimum, maximum: maximum)
      rules = {
        $0.minimum = minimum
        $0.maximum = maximum
      }
    case .alert(let index, let at):
      counter = index
      expected = model.setAlert(name(index), at: at)
      rules = { $0.alert = at.map { CounterAlert(at: $0) } }
    default:
      return (.refused, nil)
    }
    guard let current = sut.counter(name(counter)) else { return (expected, nil) }
    var changed = current.rules
    rules(&changed)
    return (expected, .setRules(changed, of: current.id))
  }

  private func undo(on machine: Int) throws -> Bool {
    guard let undoable, undoable.machine == machine, joined[machine] || machine == 0 else { return false }
    if joined[machine] { try settle() }
    var model = model(of: machine)
    let expected: CountingModel.Outcome
    let edit: CounterEdit
    switch undoable.change {
    case .value(let id, let from, let to):
      expected = model.counter(identity: undoable.identity).map { model.shift($0.name, from: to, to: from) } ?? .refused
      edit = .shift(id, from: to, to: from)
    case .delete(let counter, let index):
      expected = model.restore(undoable.identity, at: index)
      edit = .restore(counter, at: index)
    default:
      return false
    }
    setModel(model, of: machine)
    self.undoable = nil
    try expect(expected, from: edit, on: machine, identity: nil)
    if joined[machine] { try settle() }
    return true
  }

  /// The goal as `tally goal` prints it, or the text itself when Tally refuses it.
  static func goalText(_ text: String) -> String { (try? Goal(text: text))?.text ?? text }

  /// Makes `edit` on the machine and checks that it was refused exactly when the model
  /// refused it, and that a refused change changed nothing.
  private func expect(_ expected: CountingModel.Outcome, from edit: CounterEdit?, on machine: Int, identity: Int?) throws {
    let sut = machines[machine]
    let before = sut.model.list
    let outcome = edit.map { sut.perform($0) } ?? nil
    let made = outcome != nil
    let trail = steps.map(\.description).joined(separator: "; ")
    #expect(
      made == (expected == .done), "\(edit.map { "\($0)" } ?? "no edit") made \(made), the model: \(expected), after: \(trail)")
    if !made {
      #expect(sut.model.list == before, "a refused change changed nothing")
    }
    if case .some(.some(let change)) = outcome, let identity {
      switch change {
      case .value, .delete: undoable = (machine, change, identity)
      default: break
      }
    }
  }

  /// What a machine shows agrees with its model: each counter's name, what it shows, and its
  /// rules, the counter a link leads to named as the model names it.
  func check(_ machine: Int, _ comment: Comment) {
    let sut = machines[machine]
    let model = model(of: machine)
    let shown = sut.model.list.counters.map { NameAndValue(name: $0.name, value: $0.shown) }
    let onlyOne = joined.filter { $0 }.count <= 1 || !joined[machine]
    if onlyOne {
      #expect(shown == model.shownValues, comment)
    } else {
      #expect(shown.sorted { $0.name < $1.name } == model.shownValues.sorted { $0.name < $1.name }, comment)
    }
    for expected in model.counters {
      guard let counter = sut.counter(expected.name) else { continue }
      let link = counter.rules.link
      #expect(link?.every == expected.link?.every, "\(expected.name)'s link: \(comment)")
      #expect(
        link.flatMap { sut.model.list.counter(withID: $0.to)?.name } == model.linkTarget(of: expected.name),
        "\(expected.name) links to: \(comment)")
      #expect(
        counter.rules.minimum == expected.minimum && counter.rules.maximum == expected.maximum,
        "\(expected.name)'s bounds: \(comment)")
      #expect(counter.rules.alert?.at == expected.alert, "\(expected.name)'s alert: \(comment)")
      #expect(counter.goal?.text == expected.goal, "\(expected.name)'s goal: \(comment)")
      #expect(counter.group == expected.group, "\(expected.name)'s group: \(comment)")
      #expect(counter.step == expected.step, "\(expected.name)'s step: \(comment)")
    }
  }

  /// Checks every machine whose view is complete: those not joined, and the joined ones once
  /// they have read each other's files.
  func checkAll() {
    let comment = Comment(rawValue: steps.map(\.description).joined(separator: "; "))
    for machine in machines.indices where !joined[machine] || settled { check(machine, comment) }
  }
}
