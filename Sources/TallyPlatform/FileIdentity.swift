import Glibc

/// What tells one file apart from another at the same path: its device and inode, size and
/// modification time (the store holds the file open, so its inode is not reused).
package struct FileIdentity: Equatable {
  private var device: UInt64
  private var inode: UInt64
  package private(set) var byteCount: Int64
  private var modified: Int
  private var modifiedNanoseconds: Int

  /// No file: equal to no identity that a file has.
  package static let missing = FileIdentity(device: .max, inode: .max, byteCount: -1, modified: 0, modifiedNanoseconds: 0)

  /// Whether `other` is the same file, whatever was written to it since.
  package func isSameFile(as other: FileIdentity?) -> Bool {
    device == other?.device && inode == other?.inode
  }
}

extension FileIdentity {
  package init(_ info: stat) {
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), byteCount: Int64(info.st_size),
      modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
  }

  /// The identity as numbers, to keep in a store and compare with a later one.
  package var numbers: [Int64] {
    [Int64(bitPattern: device), Int64(bitPattern: inode), byteCount, Int64(modified), Int64(modifiedNanoseconds)]
  }

  /// The identity that `numbers` gave; `nil` when they are not five.
  package init?(numbers: [Int64]) {
    guard numbers.count == 5 else { return nil }
    self.init(
      device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]), byteCount: numbers[2],
      modified: Int(numbers[3]), modifiedNanoseconds: Int(numbers[4]))
  }
}
