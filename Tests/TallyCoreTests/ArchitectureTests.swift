import TallyPlatform
import Testing

/// The targets' layers (docs/architecture.md), held by what their files import: a target
/// imports only the targets below it, and only the platform and the terminal call the C
/// library.
struct ArchitectureTests {
  /// Each target of Tally and the targets of Tally it may import.
  static let layers: [String: Set<String>] = [
    "TallyPlatform": ["CThreads"],
    "TallyLocalization": [],
    "TallyDefaults": ["TallyPlatform", "TallyLocalization"],
    "TallyModel": ["TallyPlatform", "TallyDefaults", "TallyLocalization"],
    "TallySync": ["TallyPlatform", "TallyDefaults", "TallyModel", "TallyLocalization"],
    "TallyScreens": ["TallyPlatform", "TallyDefaults", "TallyModel", "TallyLocalization"],
    "TallySettings": ["TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallyLocalization"],
    "TallyApp": [
      "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyLocalization",
    ],
    "TallyHistory": ["TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyLocalization", "CSQLite"],
    "TallyTerminal": ["TallyPlatform", "TallyDefaults", "TallyModel", "TallyScreens", "TallySettings", "TallyApp", "CNcurses"],
    "TallyFoundation": ["TallyDefaults"],
    "tally": [
      "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyApp", "TallyHistory",
      "TallyTerminal", "TallyLocalization",
    ],
    "TallyTestSupport": [
      "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyApp", "TallyHistory",
      "CSQLite",
    ],
  ]

  /// The targets that may import the C library (`Glibc`).
  ///
  /// The operating system's calls are theirs; the test support starts processes and
  /// terminals of its own; the localization reads its four environment variables and its
  /// catalog itself, as it imports no other target of Tally (docs/translations.md).
  static let systemCallers: Set<String> = ["TallyPlatform", "TallyLocalization", "TallyTerminal", "TallyTestSupport"]

  /// The targets that live under `Tests/`, not `Sources/`: only test targets import them.
  static let testOnly: Set<String> = ["TallyTestSupport"]

  static let package: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()

  static let sources = package + "/Sources"

  /// The Swift files of `target`, by their path under `Sources/` (or `Tests/`), with their text.
  static func files(of target: String) throws -> [(path: String, text: String)] {
    var files: [(path: String, text: String)] = []
    let root = package + (testOnly.contains(target) ? "/Tests" : "/Sources")
    var pending = [root + "/" + target]
    while let directory = pending.popLast() {
      for name in FileSystem.names(inDirectory: directory) {
        let path = directory + "/" + name
        guard name.hasSuffix(".swift") else {
          if !name.contains(".") { pending.append(path) }
          continue
        }
        let text = String(decoding: try FileSystem.readFile(atPath: path) ?? [], as: UTF8.self)
        files.append((String(path.dropFirst(root.count + 1)), text))
      }
    }
    return files
  }

  /// The modules `target`'s Swift files import, each with the first file that does.
  static func imports(of target: String) throws -> [String: String] {
    var found: [String: String] = [:]
    for (path, text) in try files(of: target) {
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") })
        else { continue }
        found[String(words[index + 1]), default: path] += ""
      }
    }
    return found
  }

  @Test func everyTargetIsInALayer() {
    let targets = Set(FileSystem.names(inDirectory: Self.sources)).subtracting(["CNcurses", "CSQLite", "CThreads"])
    #expect(targets == Set(Self.layers.keys).subtracting(Self.testOnly))
    for target in Self.testOnly { #expect(FileSystem.names(inDirectory: Self.package + "/Tests").contains(target)) }
  }

  @Test(arguments: layers.keys.sorted())
  func aTargetImportsOnlyTheLayersBelowIt(target: String) throws {
    let ours = Set(Self.layers.keys).union(["CNcurses", "CSQLite", "CThreads"])
    for (module, file) in try Self.imports(of: target) where ours.contains(module) {
      #expect(Self.layers[target]?.contains(module) == true, "\(file) imports \(module), above \(target)")
    }
  }

  @Test(arguments: layers.keys.sorted())
  func onlyThePlatformAndTheTerminalCallTheCLibrary(target: String) throws {
    let imports = try Self.imports(of: target)
    for module in ["Glibc", "Musl", "Darwin"] where !Self.systemCallers.contains(target) {
      #expect(imports[module] == nil, "\(imports[module] ?? "") imports \(module)")
    }
  }

  /// No code of Tally casts a store or a history down to one of its implementations: each is
  /// reached through its protocol, or given as what it is by the composition root.
  @Test(arguments: layers.keys.sorted().filter { !testOnly.contains($0) })
  func nothingCastsAStoreOrAHistoryDown(target: String) throws {
    let implementations = ["FileUserDefaults", "LayeredUserDefaults", "InMemoryUserDefaults", "DeferredHistory", "SQLiteHistory"]
    for (path, text) in try Self.files(of: target) {
      for cast in implementations.flatMap({ ["as? \($0)", "as! \($0)", "is \($0)"] }) + [".layered"] {
        #expect(!text.contains(cast), "\(path) uses \(cast)")
      }
    }
  }

  /// The model and the sync layer take the narrow store, `PropertyListStore`.
  ///
  /// It has values read, written and updated, batches and the save problem; not the book's
  /// `UserDefaultsProtocol`, which the view models and the onboarding use.
  @Test(arguments: ["TallyModel", "TallySync"])
  func theModelTakesTheNarrowStore(target: String) throws {
    for (path, text) in try Self.files(of: target) {
      #expect(!text.contains("UserDefaultsProtocol"), "\(path) names UserDefaultsProtocol")
    }
  }

  /// One composition root: the store, the history, the counters model, the settings and the
  /// terminal session are each made in one file of Sources/ (the test support aside), and
  /// every other part of the app is given them.
  @Test(arguments: [
    ["FileUserDefaults(directory", "InMemoryUserDefaults()"],
    ["SQLiteHistory.open(", "DeferredHistory(open:", "DeferredHistory { SQLiteHistory"],
    ["CountersModel(userDefaults:"], ["Settings(store:"], ["TerminalSession(environment:"],
  ])
  func eachPartIsMadeInOneFile(made: [String]) throws {
    var makers: Set<String> = []
    for target in Self.layers.keys where !Self.testOnly.contains(target) {
      for (path, text) in try Self.files(of: target) {
        let code = text.split(separator: "\n").filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") }
        if code.contains(where: { line in made.contains { line.contains($0) } }) { makers.insert(path) }
      }
    }
    #expect(makers.count == 1, "\(made) is made in \(makers.sorted())")
  }
}

extension ArchitectureTests {
  /// One function builds the whole graph, fully: the app and the commands set no lock timeout,
  /// sync folder or log limit on a store or a history after it is made (the sync commands,
  /// which make a folder while they run, aside); each is given to it where it is made.
  @Test(arguments: ["tally", "TallyApp"])
  func nothingIsSetOnTheStoreOrTheHistoryAfterItIsMade(target: String) throws {
    for (path, text) in try Self.files(of: target) {
      for call in ["store.waitForLock(", "logFoldedAbove =", ".attach("] where text.contains(call) {
        #expect(path.hasSuffix("SyncCommands.swift") && call == ".attach(", "\(path) calls \(call)")
      }
    }
  }
}

extension ArchitectureTests {
  /// No function, initializer, subscript or computed property of Tally runs over 60 lines,
  /// from its keyword to its closing brace.
  @Test func noFunctionRunsOverSixtyLines() throws {
    for target in Self.layers.keys.sorted() {
      for (path, text) in try Self.files(of: target) {
        for body in SwiftBodyScanner.bodies(in: text) where body.lines > 60 {
          Issue.record("\(path):\(body.firstLine): \(body.name) runs \(body.lines) lines")
        }
      }
    }
  }
}

extension ArchitectureTests {
  /// Every screen follows `Screen`: each `*ViewModel` class under Sources/TallyScreens/Features
  /// is declared `: Screen`, and there is one for each `ScreenName`.
  @Test func everyScreenFollowsTheScreenContract() throws {
    var screens: [String] = []
    for (path, text) in try Self.files(of: "TallyScreens") where path.contains("/Features/") {
      for line in text.split(separator: "\n") where line.hasPrefix("public final class ") {
        let name = line.dropFirst("public final class ".count).prefix { $0.isLetter || $0.isNumber }
        guard name.hasSuffix("ViewModel") else { continue }
        screens.append(String(name))
        #expect(line.contains(": Screen {"), "\(path): \(name) does not follow Screen")
      }
    }
    #expect(screens.count == 6, "screens: \(screens.sorted())")
  }
}
