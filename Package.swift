// swift-tools-version:6.2
import PackageDescription

// The targets follow the data, and each one sees only the layers below it:
//
//   BentoJSON   bytes → JSON text (Text), values (Values), text edited in
//               place (Editing), the Codable path (Decoding), files and cores
//               (System), and the owners of memory and system calls (Memory);
//               it knows JSON, not screens
//   BentoKit    screens: Reading, Schema, Matching, Changeset, Merging,
//               Editing (writes that keep the person's bytes), Rendering, and
//               Commands (each command's whole run: one call for apply, merge,
//               diff of two files or two trees)
//   bento       the command line: parses arguments, calls BentoKit once
//   CSystem     what the C library does that Swift cannot say: mallopt(3),
//               and the signal handler that removes temporary files
//   BenchmarkScreens, bento-bench   the seeded screens, the benchmark
//
// Every target is built with strict memory safety (SE-0458): an unsafe
// construct is a diagnostic unless it is acknowledged with `unsafe`, and
// only BentoJSON's owners (Sources/BentoJSON/Memory) acknowledge any. In the
// library and executable targets the diagnostics are errors, so no unsafe
// code can creep in; the tests acknowledge the system calls they make.
let memorySafe: [SwiftSetting] = [.strictMemorySafety()]
let memorySafeStrictly: [SwiftSetting] = memorySafe + [.treatWarning("StrictMemorySafety", as: .error)]

let package = Package(
    name: "bento",
    // Mutex and Atomic (Synchronization) are there from macOS 15.
    platforms: [.macOS(.v15)],
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
        .target(name: "BentoJSON", dependencies: ["CSystem"], swiftSettings: memorySafeStrictly),
        .target(name: "BentoKit", dependencies: ["BentoJSON"], swiftSettings: memorySafeStrictly),
        .executableTarget(
            name: "bento", dependencies: ["BentoKit", "BentoJSON"], swiftSettings: memorySafeStrictly,
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
        .target(name: "BenchmarkScreens", dependencies: ["BentoKit", "BentoJSON"], swiftSettings: memorySafeStrictly),
        // `swift run -c release bento-bench`: timings against the references.
        .executableTarget(
            name: "bento-bench", dependencies: ["BentoKit", "BentoJSON", "BenchmarkScreens", "bento"],
            exclude: ["README.md"], swiftSettings: memorySafeStrictly),
        .testTarget(name: "BentoJSONTests", dependencies: ["BentoJSON", "BenchmarkScreens"], swiftSettings: memorySafe),
        .testTarget(name: "BentoKitTests", dependencies: ["BentoKit", "BentoJSON", "BenchmarkScreens"], swiftSettings: memorySafe),
        .testTarget(name: "bentoTests", dependencies: ["BentoKit", "BentoJSON", "bento"], swiftSettings: memorySafe),
    ]
)
