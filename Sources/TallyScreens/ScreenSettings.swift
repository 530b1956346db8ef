/// What the user's settings change on the screens: each screen's keys (by the type of its
/// actions: the screen's defaults until the settings give others), whether reset and delete
/// ask first, and whether the value is drawn in large digits.
public struct ScreenSettings: Sendable {
  private var keyMaps: [ObjectIdentifier: any Sendable] = [:]
  /// Whether `r` asks "Reset …? y/N" first; without it the reset is immediate (and undoable).
  public var confirmsReset = true
  /// Whether `d` asks "Delete …? y/N" first; without it the delete is immediate (and undoable).
  public var confirmsDelete = true
  public var showsBigDigits = true

  /// Every screen's default keys; reset and delete ask first.
  public init() {}

  /// The keys of the screen whose actions are `A`.
  public func keys<A: ScreenAction>(for _: A.Type) -> KeyMap<A> {
    keyMaps[ObjectIdentifier(A.self)] as? KeyMap<A> ?? A.defaultKeyMap
  }

  public mutating func setKeys<A: ScreenAction>(_ keyMap: KeyMap<A>) { keyMaps[ObjectIdentifier(A.self)] = keyMap }
}
