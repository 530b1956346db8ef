import Testing

/// The shared code names no screen: the contract (`Screen.swift`), the drawing (`Rendering/`)
/// and the app (`TallyApp`) hold no screen's type and no case of `ScreenName`, so that a new
/// screen touches none of them (docs/architecture.md, a new screen).
extension ArchitectureTests {
  /// The files every screen shares, by their path under `Sources/`, with the app's state.
  static func sharedFiles() throws -> [(path: String, text: String)] {
    try files(of: "TallyScreens").filter {
      ["TallyScreens/Screen.swift", "TallyScreens/ScreenSettings.swift"].contains($0.path) || $0.path.contains("/Rendering/")
    }
      + files(of: "TallyApp") + files(of: "TallySettings").filter { $0.path.hasSuffix("/AppState.swift") }
      + files(of: "TallyModel").filter { $0.path.hasSuffix("/EventRecorder.swift") }
  }

  /// The types the screens' folders declare at their top level.
  static func screenTypes() throws -> Set<String> {
    var types: Set<String> = []
    for (path, text) in try files(of: "TallyScreens") where path.contains("/Features/") {
      for line in text.split(separator: "\n") where line.first != " " {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(where: { ["class", "struct", "enum", "protocol"].contains($0) }),
          words[..<index].allSatisfy({ ["public", "final", "package"].contains($0) }), index + 1 < words.count
        else { continue }
        types.insert(String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
      }
    }
    return types
  }

  /// The screens' names as `ScreenName`'s cases are spelled.
  static let screenCases: Set<String> = ["onboarding", "counter", "help", "history", "board"]

  /// The screen types and the `.case`s of a screen that `text` names, outside comments and
  /// string literals; `environment.history` is a property, not a case.
  static func screensNamed(in text: String, types: Set<String>) -> [String] {
    var named: [String] = []
    for line in text.split(separator: "\n") {
      var code = ""
      var inString = false
      for (index, character) in zip(line.indices, line) {
        if !inString, character == "/", line[index...].hasPrefix("//") { break }
        if character == "\"" { inString.toggle() }
        code.append(inString || character == "\"" ? " " : character)
      }
      let characters = Array(code) + [" "]
      var start = 0
      for (index, character) in characters.enumerated() where !(character.isLetter || character.isNumber || character == "_") {
        defer { start = index + 1 }
        let word = String(characters[start..<index])
        if types.contains(word) { named.append(word) }
        // `.board` after a space or a bracket is a case; `x.board` is a member.
        let dot = start > 0 && characters[start - 1] == "."
        let member =
          start > 1
          && (characters[start - 2].isLetter || characters[start - 2].isNumber || ")]?!_".contains(characters[start - 2]))
        if screenCases.contains(word), dot, !member { named.append("." + word) }
      }
    }
    return named
  }

  @Test func sharedFilesNameNoScreen() throws {
    let types = try Self.screenTypes()
    #expect(types.isSuperset(of: ["CounterViewModel", "BoardViewModel", "HistoryViewModel", "Prompt", "HistorySnapshot"]))
    for (path, text) in try Self.sharedFiles() {
      let named = Self.screensNamed(in: text, types: types)
      #expect(named.isEmpty, "\(path) names a screen: \(named)")
    }
  }

  /// The help lists the keys the screen under it gives (`Screen.keyHelp`): it names no other
  /// screen, so that a new screen's `?` needs no case in the help.
  @Test func theHelpNamesNoScreenUnderIt() throws {
    let helpFolder = try Self.files(of: "TallyScreens").filter { $0.path.contains("/Features/Help/") }
    let own: Set<String> = ["HelpViewModel", "Help", "HelpOverlay"]
    let others = try Self.screenTypes().subtracting(own)
    let text = try #require(helpFolder.first { $0.path.hasSuffix("/HelpViewModel.swift") }?.text)
    let named = Self.screensNamed(in: text, types: others).filter { $0 != ".help" }
    #expect(named.isEmpty, "HelpViewModel names \(named)")
  }

  /// The check above finds what it is for, and not a property or a comment.
  @Test func theScreenCheckFindsAScreenNamed() {
    let types: Set<String> = ["BoardViewModel", "Prompt"]
    #expect(Self.screensNamed(in: "case .board: BoardViewModel(keyMap: keys)", types: types) == [".board", "BoardViewModel"])
    #expect(Self.screensNamed(in: "open([.history]); let p: Prompt", types: types) == [".history", "Prompt"])
    #expect(Self.screensNamed(in: "environment.history; list.counter(named: x)", types: types).isEmpty)
    #expect(Self.screensNamed(in: "let a = 1 // the .board's BoardViewModel\nlet s = \"Prompt .help\"", types: types).isEmpty)
  }

  /// The run loop asks the app once a message: every use of the app in `AppRunLoop` is
  /// `app.take(_:)`, whose answer holds the frame, the bell, the quit and the next wake.
  @Test func theRunLoopTalksToTheAppThroughTakeAlone() throws {
    let text = try #require(try Self.files(of: "TallyApp").first { $0.path.hasSuffix("/AppRunLoop.swift") }?.text)
    var uses: [String] = []
    var rest = text[...]
    while let range = rest.range(of: "app.") {
      let before = rest[..<range.lowerBound].last
      rest = rest[range.upperBound...]
      guard !(before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false) else { continue }
      uses.append(String(rest.prefix { $0.isLetter || $0.isNumber }))
    }
    #expect(!uses.isEmpty)
    #expect(Set(uses) == ["take"], "\(uses)")
  }
}
