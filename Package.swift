// swift-tools-version:6.0
import PackageDescription

// The targets follow the data, and each one sees only the layers below it:
//
//   BentoJSON   bytes → JSON text, values and pointers; files (knows no screens)
//   BentoKit    schema → match → changeset → render (Reading, Schema, Matching,
//               Changeset, Rendering)
//   bento       the command line: parses arguments, calls BentoKit
//   CSystem     what the C library does that Swift cannot say, or not safely:
//               mallopt(3), and the signal handler that removes temporary files
let package = Package(
    name: "bento",
    products: [
        .executable(name: "bento", targets: ["bento"]),
        .executable(name: "bento-bench", targets: ["bento-bench"]),
        .library(name: "BentoKit", targets: ["BentoKit"]),
        // The generated screens of the benchmark, for harnesses outside the
        // package (Tests/DifferenceKitHarness).
        .library(name: "BenchmarkScreens", targets: ["BenchmarkScreens"]),
    ],
    targets: [
        .target(name: "CSystem"),
        .target(name: "BentoJSON", dependencies: ["CSystem"]),
        .target(name: "BentoKit", dependencies: ["BentoJSON"]),
        .executableTarget(
            name: "bento", dependencies: ["BentoKit", "BentoJSON", "CSystem"],
            // The release build on Linux is one static executable: no dynamic
            // loader, no shared Swift runtime to map and relocate. A small
            // diff's whole process takes half the time (README, Performance).
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                // What FoundationEssentials (BentoJSON's Decimal) links when it is static.
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux], configuration: .release)),
            ]),
        // Deterministic generated screens for the benchmark and the tests.
        .target(name: "BenchmarkScreens", dependencies: ["BentoKit", "BentoJSON"]),
        // `swift run -c release bento-bench`: timings against the references.
        .executableTarget(
            name: "bento-bench", dependencies: ["BentoKit", "BentoJSON", "BenchmarkScreens", "bento"],
            exclude: ["README.md"]),
        .testTarget(name: "BentoJSONTests", dependencies: ["BentoJSON", "BenchmarkScreens"]),
        .testTarget(name: "BentoKitTests", dependencies: ["BentoKit", "BentoJSON", "BenchmarkScreens"]),
        .testTarget(name: "bentoTests", dependencies: ["BentoKit", "BentoJSON", "bento"]),
    ]
)
