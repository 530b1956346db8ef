import TallyLocalization

/// One page of onboarding: a title and a short paragraph.
public struct OnboardingPage: Sendable, Equatable {
  public var title: String
  public var body: String

  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }

  public static var standard: [OnboardingPage] { pages(for: CounterViewModel.defaultKeyMap) }

  /// The pages, naming the keys as bound; in code, so that the binary runs when copied alone.
  public static func pages(for keyMap: KeyMap<CounterViewModel.Action>) -> [OnboardingPage] {
    func all(_ action: CounterViewModel.Action) -> String {
      let names = keyMap.binding(for: action)?.keys.map(\.displayName) ?? []
      guard let last = names.last else { return "" }
      return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
    func first(_ action: CounterViewModel.Action) -> String {
      keyMap.binding(for: action)?.keys.first?.displayName ?? ""
    }
    return [
      OnboardingPage(
        title: tr("Welcome to Tally"),
        body: tr(
          """
          Tally counts things: laps, reps, people at a door, cups of coffee. \
          Every count is saved to disk the moment you see it.
          """)),
      OnboardingPage(
        title: tr("Counting"),
        body: tr(
          """
          Press \(all(.increment)) to add one, and \(first(.decrement)) to take one away; \(first(.undo)) undoes. \
          \(first(.newCounter)) makes another counter, \(first(.nextCounter)) goes to the next, and \(first(.help)) \
          lists every key.
          """)),
      OnboardingPage(
        title: tr("Quitting"),
        body: tr(
          """
          Press \(all(.quit)) to quit. Your count is already saved, and next time \
          Tally opens straight on the counter.
          """)),
    ]
  }
}
