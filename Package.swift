// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Tally",
  products: [
    .executable(name: "tally", targets: ["tally"]),
    .library(name: "TallyScreens", targets: ["TallyScreens"]),
    .library(name: "TallySettings", targets: ["TallySettings"]),
    .library(name: "TallyApp", targets: ["TallyApp"]),
    .library(name: "TallyDefaults", targets: ["TallyDefaults"]),
    .library(name: "TallyModel", targets: ["TallyModel"]),
    .library(name: "TallySync", targets: ["TallySync"]),
    .library(name: "TallyHistory", targets: ["TallyHistory"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Property-based tests of the sync merge (tests only).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // The system's ncurses with wide-character support (Debian: libncurses-dev). Linked by
    // its module map, not pkg-config: Debian's ncursesw.pc adds -D_XOPEN_SOURCE=600, which
    // SwiftPM refuses with a warning on every build (docs/ncurses.md).
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // The system's SQLite (Debian: libsqlite3-dev), through its C API: docs/history.md says
    // why not GRDB.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // Starting a thread on another core than its parent's, with the C library's GNU calls
    // (`sched_getcpu`, thread affinity) that Swift's Glibc module leaves out. Only
    // TallyPlatform uses it.
    .systemLibrary(name: "CThreads"),
    // Every call to the operating system: files, directories, the clock, the process. The
    // lowest layer: it imports no other target of Tally (docs/architecture.md).
    .target(name: "TallyPlatform", dependencies: ["CThreads"]),
    // The texts in the user's language: gettext catalogs read at run time, the language
    // chosen from the environment (docs/translations.md). It imports no other target of Tally.
    .target(name: "TallyLocalization"),
    // `UserDefaultsProtocol`, the typed API over it, and its stores: in memory, and the
    // durable property-list file (docs/persistence.md). Reusable on its own.
    .target(name: "TallyDefaults", dependencies: ["TallyPlatform", "TallyLocalization"]),
    // The counters and what is known of them: the model that changes them, goals and the
    // calendar, the history as a protocol, backups.
    .target(name: "TallyModel", dependencies: ["TallyPlatform", "TallyDefaults", "TallyLocalization"]),
    // Counting on several machines through a shared folder: the CRDT, the machines' files,
    // joining and leaving (docs/sync.md).
    .target(name: "TallySync", dependencies: ["TallyPlatform", "TallyDefaults", "TallyModel", "TallyLocalization"]),
    // The screens: each one's view model and view, over the canvas, keys and key maps
    // (Rendering/). No terminal, no store: what they show and change is given to them.
    .target(name: "TallyScreens", dependencies: ["TallyPlatform", "TallyDefaults", "TallyModel", "TallyLocalization"]),
    // The settings table (`AppDefaults`), `Settings` (every setting read one way), the
    // settings `tally config` edits (synced to the other machines when sync is on), and
    // `SharedStore`, the store as the app needs it.
    .target(
      name: "TallySettings",
      dependencies: ["TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallyLocalization"]),
    // The app: which screen is on show (`AppViewModel`, messages in, effects out), the one
    // composition of it, the launch arguments, and the run loop. No terminal, no full
    // Foundation.
    .target(
      name: "TallyApp",
      dependencies: [
        "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyLocalization",
      ]),
    // The history of changes in SQLite, behind TallyModel's `HistoryLog`.
    .target(
      name: "TallyHistory",
      dependencies: ["TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyLocalization", "CSQLite"]),
    // The ncurses session: the only code that knows about the terminal.
    .target(name: "TallyTerminal", dependencies: ["TallyScreens", "TallySettings", "TallyApp", "CNcurses"]),
    // `extension UserDefaults: UserDefaultsProtocol {}`, kept to prove the protocol.
    .target(name: "TallyFoundation", dependencies: ["TallyDefaults"]),
    .executableTarget(
      name: "tally",
      dependencies: [
        "TallyLocalization",
        "TallyPlatform",
        "TallyDefaults",
        "TallyModel",
        "TallySync",
        "TallyScreens",
        "TallySettings",
        "TallyApp",
        "TallyTerminal",
        "TallyHistory",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Writes Resources/po/tally.pot from the texts marked in the code, and checks catalogs
    // against it (docs/translations.md).
    .executableTarget(name: "tally-pot", dependencies: ["TallyLocalization"], path: "Tools/tally-pot"),
    // Fakes, contract suites and the UI-test driver shared by the test targets (tests only:
    // no product target depends on it).
    .target(
      name: "TallyTestSupport",
      dependencies: [
        "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyApp", "TallyHistory",
        "CSQLite",
      ],
      path: "Tests/TallyTestSupport"),
    // The reference model of counting the property tests hold the real parts to: it imports
    // nothing of Tally's (docs/architecture.md, "The reference model").
    .target(name: "TallyReference", path: "Tests/TallyReference"),
    .testTarget(
      name: "TallyCoreTests",
      dependencies: [
        "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyApp", "TallyHistory",
        "TallyTestSupport", "TallyReference",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "TallyHistoryTests",
      dependencies: [
        "TallyPlatform", "TallyDefaults", "TallyModel", "TallyHistory", "TallyScreens", "TallySettings", "TallyApp",
        "TallyTestSupport",
      ]
    ),
    .testTarget(
      name: "TallyFoundationTests",
      dependencies: ["TallyDefaults", "TallyScreens", "TallySettings", "TallyApp", "TallyFoundation", "TallyTestSupport"]
    ),
    .testTarget(name: "TallyLocalizationTests", dependencies: ["TallyLocalization", "tally-pot", "TallyTestSupport"]),
    .testTarget(name: "TallyTerminalTests", dependencies: ["TallyTerminal", "TallyScreens", "TallySettings", "TallyApp"]),
    .testTarget(
      name: "TallyUITests",
      dependencies: [
        "TallyPlatform", "TallyDefaults", "TallyModel", "TallySync", "TallyScreens", "TallySettings", "TallyApp",
        "TallyHistory", "TallyTestSupport", "TallyReference", "tally", "TallyLocalization",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
  ]
)
