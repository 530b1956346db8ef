/// The exit statuses Tally uses, from BSD's sysexits.h.
enum ExitStatus {
  static let success: Int32 = 0
  /// A failure not covered below, such as running without a terminal.
  static let failure: Int32 = 1
  static let usage: Int32 = 64
  /// A value was out of range.
  static let dataError: Int32 = 65
  /// The store could not be read or written.
  static let ioError: Int32 = 74
  /// The store stayed locked by another process past the timeout; try again.
  static let temporaryFailure: Int32 = 75
}
