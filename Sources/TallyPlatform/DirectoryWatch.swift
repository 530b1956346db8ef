import Glibc

/// Change notification for one directory, through inotify: a file replaced by `rename`
/// arrives under its name in the directory, so the directory is watched, not the file.
package final class DirectoryWatch {
  /// Becomes readable when something happened; for the run loop to `poll`.
  package let descriptor: Int32

  /// Files made, replaced, written whole or deleted, and the directory itself going away.
  package static let events = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF)
  /// Those, and every write to a file kept open (a database's write-ahead log).
  package static let eventsWithWrites = events | UInt32(IN_MODIFY)

  private let events: UInt32

  /// Watches `directory` for `events`; `nil` when inotify is unavailable.
  package init?(directory: String, events: UInt32 = DirectoryWatch.events) {
    self.events = events
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    guard inotify_add_watch(descriptor, directory, events) >= 0 else {
      close(descriptor)
      return nil
    }
  }

  deinit { close(descriptor) }

  /// Watches `directory` again, after it was deleted and made anew.
  package func watchAgain(_ directory: String) {
    inotify_add_watch(descriptor, directory, events)
  }

  /// What the pending events were about.
  package struct Events: Equatable {
    /// The names of the files in the directory they named.
    package var names: Set<String> = []
    /// Whether one was about the directory itself, or events were lost: anything may have changed.
    package var directoryChanged = false
  }

  package func readEvents() -> Events {
    var events = Events()
    drainEvents { name in
      if let name {
        events.names.insert(String(decoding: name, as: UTF8.self))
      } else {
        events.directoryChanged = true
      }
    }
    return events
  }

  /// Reads every pending event; returns whether any was about the file `name` or about the
  /// directory itself (comparing bytes: the store's watch wakes after every save).
  package func readEvents(concerning name: String) -> Bool {
    var concerned = false
    drainEvents { eventName in
      if eventName.map({ $0.elementsEqual(name.utf8) }) ?? true { concerned = true }
    }
    return concerned
  }

  /// Reads every pending event, handing `body` each one's file name (`nil`: the directory, or lost).
  private func drainEvents(_ body: (Slice<UnsafeRawBufferPointer>?) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let header = MemoryLayout<inotify_event>.size
    let aboutDirectory = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_Q_OVERFLOW)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      var offset = 0
      buffer.withUnsafeBytes { bytes in
        while offset + header <= count {
          let mask = bytes.load(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
          let start = offset + header
          let eventName = bytes[start..<min(start + length, count)].prefix { $0 != 0 }
          body(eventName.isEmpty || mask & aboutDirectory != 0 ? nil : eventName)
          offset = start + length
        }
      }
    }
  }
}
