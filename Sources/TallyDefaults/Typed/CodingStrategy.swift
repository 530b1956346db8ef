/// How a `Codable` value is turned into something a defaults store can hold.
public enum CodingStrategy: Sendable {
  case json
  /// A binary property list, stored as `Data`; keeps dates exact.
  case plist
}
