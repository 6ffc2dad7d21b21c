#!/usr/bin/env bash
# Builds and runs the engine comparison with DifferenceKit, outside bento's
# package: a scratch package that depends on bento (by path) and on a
# checkout of DifferenceKit 1.3.0.
# Usage: Tests/DifferenceKitHarness/run.sh [RUNS]   (DIFFERENCEKIT=path to a checkout, else cloned)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${SCRATCH:-$(mktemp -d)}
dk=${DIFFERENCEKIT:-$scratch/DifferenceKit}
if [ ! -d "$dk" ]; then git clone --quiet --depth 1 --branch 1.3.0 https://github.com/ra1028/DifferenceKit.git "$dk"; fi
mkdir -p "$scratch/harness/Sources/DKHarness"
cp "$here/main.swift" "$scratch/harness/Sources/DKHarness/main.swift"
cat > "$scratch/harness/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "DKHarness",
    dependencies: [.package(path: "$root"), .package(path: "$dk")],
    targets: [
        .executableTarget(
            name: "DKHarness",
            dependencies: [
                .product(name: "BentoKit", package: "$(basename "$root")"),
                .product(name: "BenchmarkScreens", package: "$(basename "$root")"),
                .product(name: "DifferenceKit", package: "$(basename "$dk")"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)])
    ])
SWIFT
cd "$scratch/harness"
swift build -c release --product DKHarness >&2
".build/release/DKHarness" "${1:-7}"
