// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "bento",
    products: [
        .executable(name: "bento", targets: ["bento"]),
        .library(name: "BentoKit", targets: ["BentoKit"]),
    ],
    targets: [
        // read JSON → schema → match → changeset → render
        .target(name: "BentoKit"),
        // The command line: parses arguments, calls BentoKit.
        .executableTarget(name: "bento", dependencies: ["BentoKit"]),
        // Deterministic generated screens for the benchmark and the tests.
        .target(name: "BenchmarkScreens", dependencies: ["BentoKit"]),
        .testTarget(name: "BentoKitTests", dependencies: ["BentoKit", "BenchmarkScreens"]),
        .testTarget(name: "bentoTests", dependencies: ["BentoKit", "bento"]),
    ]
)
