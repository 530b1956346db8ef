#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time and short sleeps for waits with a deadline.
enum MonotonicClock {
  /// Seconds since an arbitrary fixed point, never going backwards.
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  static func sleep(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// The local time zone, as the C library knows it.
enum LocalTime {
  /// Seconds east of UTC of the local time zone at `secondsSince1970`.
  static func utcOffset(atSecondsSince1970 seconds: Double) -> Int {
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return parts.tm_gmtoff
  }
}
