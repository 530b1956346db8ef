// swift-tools-version: 6.1
// Micro-benchmarks for Tally with ordo-one/benchmark, kept in their own package so that the
// main package, its builds and CI never fetch or compile the benchmark library.
import PackageDescription

let package = Package(
  name: "TallyBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Tally", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "TallyBenchmarks",
      dependencies: [
        .product(name: "TallyScreens", package: "Tally"),
        .product(name: "TallySettings", package: "Tally"),
        .product(name: "TallyApp", package: "Tally"),
        .product(name: "TallyDefaults", package: "Tally"),
        .product(name: "TallyModel", package: "Tally"),
        .product(name: "TallySync", package: "Tally"),
        .product(name: "TallyHistory", package: "Tally"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/TallyBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
