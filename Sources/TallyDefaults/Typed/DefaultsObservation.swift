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

/// The change handlers of one store, called in the order they were added after each change.
public final class DefaultsChangeHandlers {
  private var handlers: [(id: Int, handler: (Set<String>) -> Void)] = []
  private var nextID = 0

  public init() {}

  public func add(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation {
    let id = nextID
    nextID += 1
    handlers.append((id, handler))
    return DefaultsObservation { [weak self] in self?.handlers.removeAll { $0.id == id } }
  }

  /// Calls every handler with `keys`; a handler added or removed meanwhile takes effect next time.
  public func notify(_ keys: Set<String>) {
    guard !keys.isEmpty else { return }
    for (id, handler) in handlers where handlers.contains(where: { $0.id == id }) {
      handler(keys)
    }
  }

  public var isEmpty: Bool { handlers.isEmpty }
}
