/// A change to an observed value: the value when observation began, then each new value.
public enum DefaultsChange<Value> {
  case initial(Value)
  case update(Value)

  public var value: Value {
    switch self {
    case .initial(let value), .update(let value): value
    }
  }
}

extension DefaultsChange: Equatable where Value: Equatable {}
extension DefaultsChange: Sendable where Value: Sendable {}

/// A registered observer; it stops observing on `invalidate()` or when released.
public final class DefaultsObservation {
  private var cancel: (() -> Void)?

  public init(cancel: @escaping () -> Void) {
    self.cancel = cancel
  }

  public var isValid: Bool { cancel != nil }

  /// Stops observing; calling it again does nothing.
  public func invalidate() {
    cancel?()
    cancel = nil
  }

  deinit { invalidate() }
}
