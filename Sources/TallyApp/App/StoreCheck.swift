import TallyDefaults
import TallyLocalization
import TallyModel
import TallySettings

/// Checks what a store holds under the keys Tally knows, once at start: a value of the wrong
/// type reads as no value and the next change would overwrite it, so the file is copied
/// aside first and the user told where.
public enum StoreCheck {
  public static func problems(in values: [String: PropertyListValue]) -> [String] {
    var problems: [String] = []
    for entry in AppDefaults.entries {
      guard let value = values[entry.key.name] else { continue }
      if value.kind != entry.kind {
        problems.append("\(entry.key.name) holds \(value.kind.withArticle), not \(entry.kind.withArticle)")
      } else if entry.key == .counters, [CounterRecord](propertyListValue: value) == nil {
        problems.append(tr("counters holds entries that are not counters (each needs an id, a name and a step of at least 1)"))
      }
    }
    let counterIDs = (values[DefaultsKey.counters.name].flatMap([CounterRecord].init(propertyListValue:)) ?? []).map(\.id)
    for id in counterIDs where id != DefaultsKey.count.name {
      if let value = values[id], value.kind != .integer {
        problems.append("\(id) holds \(value.kind.withArticle), not an <integer>")
      }
    }
    return problems
  }

  /// When something is wrong, keeps a copy of the file and says what and where the copy is.
  public static func run(on store: FileUserDefaults) -> [String] {
    let found = problems(in: store.domains.persistent)
    guard !found.isEmpty else { return [] }
    let kept: String
    do {
      kept = tr("a copy of the file is kept as \(try store.keepCopy())")
    } catch {
      kept = tr("no copy could be kept (\(error))")
    }
    return ["\(store.path): \(found.joined(separator: "; ")); such values read as missing; \(kept)"]
  }
}
