/// What changed in the sync folder since the run loop last looked, as the folder's watch
/// reported it, so that the app's own writes make nothing read.
public enum FolderChanges: Equatable, Sendable {
  /// Anything may have changed (the folder moved, events were lost, or there is no watch).
  case unknown
  case files(Set<String>)

  /// Whether a file for which `isRelevant` is true may have changed.
  public func mayConcern(_ isRelevant: (String) -> Bool) -> Bool {
    switch self {
    case .unknown: true
    case .files(let names): names.contains(where: isRelevant)
    }
  }
}
