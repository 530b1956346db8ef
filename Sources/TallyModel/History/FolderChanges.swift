/// What changed in the sync folder since the run loop last looked, as the folder's watch
/// reported it.
///
/// The app's own writes (its sync file, its history files and their temporary files) wake
/// the watch after every key press; knowing which files changed lets the sync and the
/// history look at nothing when none of them is another machine's, instead of listing and
/// checking every file in a folder of hundreds.
public enum FolderChanges: Equatable, Sendable {
  /// Anything may have changed: the folder itself went away or moved, events were lost, or
  /// the folder is looked at without a watch.
  case unknown
  /// Only the files with these names (added, written, replaced or removed).
  case files(Set<String>)

  /// Whether a file for which `isRelevant` is true may have changed.
  public func mayConcern(_ isRelevant: (String) -> Bool) -> Bool {
    switch self {
    case .unknown: true
    case .files(let names): names.contains(where: isRelevant)
    }
  }
}
