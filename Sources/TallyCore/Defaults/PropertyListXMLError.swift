/// Why a property-list XML document or fragment could not be read.
public struct PropertyListXMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in words a user can act on.
  public var reason: String
  /// The byte offset in the input where the problem was found.
  public var offset: Int

  public init(_ reason: String, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  public var description: String { "\(reason) (at byte \(offset))" }
}
