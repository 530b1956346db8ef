import Glibc

/// Monotonic time and short sleeps for waits with a deadline.
package enum MonotonicClock {
  /// Seconds since an arbitrary fixed point, never going backwards.
  package static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  package static func sleep(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// The local time zone, as the C library knows it.
package enum LocalTime {
  /// Seconds east of UTC of the local time zone at `secondsSince1970`.
  package static func utcOffset(atSecondsSince1970 seconds: Double) -> Int {
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return parts.tm_gmtoff
  }

  /// What names the local time zone: `$TZ` when set, else where `/etc/localtime` links to,
  /// else that file's size and modification time (a copied zone file); "UTC" without one.
  package static var identity: String {
    if let zone = getenv("TZ") { return "TZ=" + String(cString: zone) }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
    if length > 0 { return "localtime=" + String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    var info = stat()
    guard stat("/etc/localtime", &info) == 0 else { return "UTC" }
    return "localtime:\(info.st_size):\(info.st_mtim.tv_sec)"
  }
}
