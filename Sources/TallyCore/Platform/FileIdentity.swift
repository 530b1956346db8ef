#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What tells one file apart from another at the same path: its device and inode, and its
/// size and modification time, which change when it is written in place.
///
/// The store keeps the file it last read or wrote open, so that its inode number cannot be
/// given to another file meanwhile: the same identity then means the very same file.
struct FileIdentity: Equatable {
  private var device: UInt64
  private var inode: UInt64
  /// The file's size in bytes.
  private(set) var size: Int64
  private var modified: Int
  private var modifiedNanoseconds: Int

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
  }

  /// No file: equal to no identity that a file has.
  static let missing = FileIdentity(device: .max, inode: .max, size: -1, modified: 0, modifiedNanoseconds: 0)

  private init(device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.modifiedNanoseconds = modifiedNanoseconds
  }

  /// The file's size in bytes.
  var byteCount: Int64 { size }

  /// Whether `other` is the same file, whatever was written to it since.
  func isSameFile(as other: FileIdentity?) -> Bool {
    device == other?.device && inode == other?.inode
  }
}
