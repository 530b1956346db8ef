import TallyLocalization

/// A "y/N" question before a change that loses something: a reset or a delete.
///
/// Only `y` confirms; any other key (Enter and Esc included) answers no.
public struct Confirmation: Sendable, Equatable {
  /// What a yes does.
  public enum Purpose: Sendable, Equatable {
    case reset(counterID: String)
    case delete(counterID: String)
  }

  public enum Action: Sendable, Hashable {
    case confirm
    case cancel
  }

  /// The keys of a confirmation; the keyless binding describes the default answer.
  public static let keyMap = KeyMap<Action>([
    .init([.character("y"), .character("Y")], .confirm, label: "y", summary: trMarked("yes"), hintPriority: 1),
    .init([], .cancel, label: "any other key", summary: trMarked("no")),
  ])

  public var purpose: Purpose
  public var question: String

  public init(purpose: Purpose, question: String) {
    self.purpose = purpose
    self.question = question
  }
}
