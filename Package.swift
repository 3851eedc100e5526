// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "LockOut",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "LockOutCore", targets: ["LockOutCore"]),
        .executable(name: "lockout", targets: ["lockout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "LockOutCore", swiftSettings: strict),
        // sd-bus from libsystemd: the agent's one D-Bus connection (Linux only).
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .target(
            name: "LockOutStore",
            dependencies: ["LockOutCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        .target(
            name: "LockOutAgent",
            dependencies: [
                "LockOutCore", "LockOutStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .target(name: "CSystemd", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "lockout",
            dependencies: [
                "LockOutAgent", "LockOutStore", "LockOutCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // A benchmark, not a test: scripts/bench/stats.sh builds it in release and runs it.
        .executableTarget(
            name: "lockout-bench",
            dependencies: [
                "LockOutAgent", "LockOutStore", "LockOutCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "scripts/bench/Sources/lockout-bench",
            swiftSettings: strict
        ),
        .testTarget(name: "LockOutCoreTests", dependencies: ["LockOutCore"], swiftSettings: strict),
        .testTarget(name: "LockOutStoreTests", dependencies: ["LockOutStore", "LockOutCore"], swiftSettings: strict),
        .testTarget(
            name: "LockOutAgentTests",
            dependencies: [
                "LockOutAgent", "LockOutStore", "LockOutCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "LockOutCLITests", dependencies: ["lockout"], swiftSettings: strict),
    ]
)
