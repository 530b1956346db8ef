/// One page of onboarding: a title and a short paragraph.
public struct OnboardingPage: Sendable, Equatable {
  public var title: String
  public var body: String

  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }

  /// The pages a first launch shows.
  ///
  /// They live in code, not in a resource file, so the `tally` binary runs when copied
  /// alone.
  public static let standard: [OnboardingPage] = [
    OnboardingPage(
      title: "Welcome to Tally",
      body: """
        Tally counts things: laps, reps, people at a door, cups of coffee. \
        Every count is saved to disk the moment you see it.
        """),
    OnboardingPage(
      title: "Counting",
      body: """
        Press Space, +, Up or k to add one, and - to take one away; u undoes. \
        n makes another counter, Tab goes to the next, and ? lists every key.
        """),
    OnboardingPage(
      title: "Quitting",
      body: """
        Press q or Ctrl-C to quit. Your count is already saved, and next time \
        Tally opens straight on the counter.
        """),
  ]
}
