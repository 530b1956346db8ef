import TallyLocalization
import TallyPlatform

/// A problem with the file that holds Tally's counts, worded for the person at the keyboard.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  case noDataDirectory
  case cannotCreateDirectory(path: String, errno: Int32)
  case cannotRead(path: String, errno: Int32)
  /// A change could not be saved; the value is kept in memory and saving is retried.
  case cannotWrite(path: String, errno: Int32)
  case locked(path: String, seconds: Double)
  /// The store file could not be parsed; its bytes were moved aside, not lost.
  case corrupt(path: String, movedTo: String, reason: String)

  public var description: String {
    switch self {
    case .noDataDirectory:
      tr("cannot find a data directory: set HOME or XDG_DATA_HOME")
    case .cannotCreateDirectory(let path, let code):
      tr("cannot create the data directory \(path): \(SystemError.message(code))")
    case .cannotRead(let path, let code):
      tr("cannot read \(path): \(SystemError.message(code))")
    case .cannotWrite(let path, let code):
      tr("cannot save to \(path): \(SystemError.message(code))")
    case .locked(let path, let seconds):
      tr("\(path) is locked by another tally for over \(seconds.plainText) s; try again")
    case .corrupt(let path, let movedTo, let reason):
      tr("\(path) could not be read (\(reason)); it was moved to \(movedTo) and tally started from defaults")
    }
  }
}

extension Double {
  /// The number without a fraction when it has none: "5", "0.5".
  package var plainText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
  }
}
