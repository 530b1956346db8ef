import TallyDefaults

/// One machine's file in the sync folder, `<name>.tally.plist`, written by that machine only;
/// a sync engine's conflict copy of it merges in like any other file.
public struct SyncFile: Equatable, Sendable {
  /// The format this version of Tally writes (2: counters of a name have ids of their own,
  /// ``CounterGroup``); it reads this one and every earlier one.
  public static let format = 2
  public static let maximumSize = 16 << 20
  public static let suffix = ".tally.plist"

  public var machine: String
  public var instance: String
  /// Wall-clock milliseconds.
  public var written: Int64
  public var state: ReplicaState
  /// The earlier instances of this machine that it took over: it speaks for their sums too.
  public var replaced: [String]

  public static let maximumReplaced = 100

  public init(machine: String, instance: String, written: Int64, state: ReplicaState, replaced: [String] = []) {
    self.machine = machine
    self.instance = instance
    self.written = written
    self.state = state
    self.replaced = replaced
  }

  public var speaksFor: Set<String> { Set(replaced).union([instance]) }

  public static func fileName(machine: String) -> String { machine + suffix }

  /// A machine's file, or a sync engine's copy of one.
  public static func isMachineFile(_ name: String) -> Bool {
    !name.hasPrefix(".") && name.hasSuffix(".plist") && holds(".tally", in: name)
  }

  /// Byte by byte: `String.contains(_:)` costs every start with sync on (docs/performance.md).
  private static func holds(_ part: String, in text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.indices.contains { bytes[$0...].starts(with: part.utf8) }
  }

  public func encoded() -> [UInt8] {
    var document: [String: PropertyListValue] = [
      "format": .integer(Int64(Self.format)), "machine": .string(machine), "instance": .string(instance),
      "written": .integer(written), "counters": state.propertyListValue,
    ]
    if !state.settings.isEmpty { document["settings"] = state.settingsPropertyListValue }
    if !replaced.isEmpty { document["replaced"] = .array(replaced.sorted().map(PropertyListValue.string)) }
    return Array(PropertyListCodec.encode(document).utf8)
  }

  public init(decoding bytes: [UInt8]) throws(SyncFileProblem) {
    guard !bytes.isEmpty else { throw .empty }
    guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes.count) }
    // A binary property list can share objects so that a few kilobytes take minutes to decode.
    guard !bytes.starts(with: Array("bplist".utf8)) else {
      throw .malformed("a binary property list (Tally writes its sync files in XML)")
    }
    let document: [String: PropertyListValue]
    do {
      document = try PropertyListCodec.decode(bytes)
    } catch {
      throw .malformed("not a property list (\(error.reason))")
    }
    guard case .integer(let format)? = document["format"] else { throw .malformed("no format version") }
    guard (1...Int64(Self.format)).contains(format) else { throw .unsupportedFormat(Int(clamping: format)) }
    guard case .string(let machine)? = document["machine"], SyncMachine.problem(withName: machine) == nil,
      case .string(let instance)? = document["instance"], !instance.isEmpty,
      case .integer(let written)? = document["written"], let counters = document["counters"]
    else { throw .malformed("no machine, instance or time") }
    var replaced: [String] = []
    if let list = document["replaced"] {
      guard case .array(let instances) = list, instances.count <= Self.maximumReplaced else {
        throw .malformed("the instances replaced are not a list of at most \(Self.maximumReplaced)")
      }
      for case .string(let instance) in instances { replaced.append(instance) }
    }
    var state = try ReplicaState(propertyListValue: counters)
    if let settings = document["settings"] { state.settings = try ReplicaState.settings(propertyListValue: settings) }
    self.init(machine: machine, instance: instance, written: written, state: state, replaced: replaced)
  }
}

public enum SyncFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
  case empty
  case tooLarge(Int)
  case unreadable(String)
  case malformed(String)
  case unsupportedFormat(Int)
  /// Skipped before for this reason, and unchanged since: not read again.
  case skippedBefore(String)

  public var description: String {
    switch self {
    case .empty: "it is empty (half synced?)"
    case .tooLarge(let size): "it is too large (\(size) bytes, at most \(SyncFile.maximumSize))"
    case .unreadable(let reason): "it cannot be read: \(reason)"
    case .malformed(let reason): "it is damaged: \(reason)"
    case .unsupportedFormat(let format): "it has format \(format), which this Tally does not read (a newer Tally?)"
    case .skippedBefore(let reason): reason
    }
  }
}
