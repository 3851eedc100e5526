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
        // The apps open their database with AppDatabase (Apps/project.yml links it).
        .library(name: "LockOutStore", targets: ["LockOutStore"]),
        .library(name: "LockOutRuntime", targets: ["LockOutRuntime"]),
        .library(name: "LockOutPresentation", targets: ["LockOutPresentation"]),
        .library(name: "LockOutShared", targets: ["LockOutShared"]),
        .executable(name: "lockout", targets: ["lockout"]),
        // The native break screen the agent starts for a break (Linux): it alone links GTK.
        .executable(name: "lockout-break-screen", targets: ["lockout-break-screen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The family server: Hummingbird 2 over SwiftNIO, PostgreSQL through PostgresNIO,
        // Prometheus metrics, and SHA-256 for stored token hashes (swift-crypto, already pulled by postgres-nio).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // 4.x: the CryptoExtras product (PBKDF2 for the parent PIN) exists only from 4.0 on.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "LockOutCore", swiftSettings: strict),
        // What the Apple extensions link: App Group keys, identifiers, the shield snapshot and its decision.
        // Foundation only and no LockOutCore: the activity monitor extension is killed above about 6 MB.
        .target(name: "LockOutShared", swiftSettings: strict),
        // sd-bus from libsystemd: the agent's one D-Bus connection (Linux only).
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // libxcb with its SYNC and MIT-SCREEN-SAVER extensions for the X11 sensors (Linux only): built against
        // their headers, opened with dlopen at run time, so the binary needs no X library where no sensor connects.
        .target(name: "CXCB"),
        // libwayland-client for the Wayland idle source (Linux only), opened with dlopen like CXCB; the idle protocols'
        // code is wayland-scanner's, committed in protocol/ with the script that writes it (and kept out of the build).
        .target(name: "CWayland", exclude: ["protocol"]),
        // GTK 3 with gtk-layer-shell (whose pkg-config module brings GTK's) for the native break screen only.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk-layer-shell-0", providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]),
        // What the native break screen decides, tested without a display: what shows at a moment, which monitors
        // get a window, what a key does, when it ends; and its small client of the agent's API.
        .target(name: "LockOutBreakScreen", dependencies: ["LockOutCore"], swiftSettings: strict),
        .executableTarget(
            name: "lockout-break-screen",
            dependencies: ["LockOutBreakScreen", "LockOutCore", .target(name: "CGtk", condition: .when(platforms: [.linux]))],
            swiftSettings: strict,
            // gtk-layer-shell-0's pkg-config module gives GTK's headers but names only its own library.
            linkerSettings: ["gtk-3", "gdk-3", "cairo", "gio-2.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0, .when(platforms: [.linux])) }
        ),
        .target(
            name: "LockOutStore",
            dependencies: ["LockOutCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        // The services that drive Core with real time through ports, on every platform: Foundation, Observation,
        // Synchronization, Dispatch and swift-log only (scripts/lint.sh keeps it so); no Glibc, NIO or D-Bus.
        .target(
            name: "LockOutRuntime",
            // Crypto: the family's end-to-end encryption (swift-crypto; CryptoKit's API on the Apple platforms).
            dependencies: [
                "LockOutCore", "LockOutStore", .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // @Observable screen models for the SwiftUI apps, over the runtime: built and tested here (no Combine).
        .target(name: "LockOutPresentation", dependencies: ["LockOutCore", "LockOutStore", "LockOutRuntime"], swiftSettings: strict),
        // The web app's pages, drawn from Core's screen models: HTML and SVG, escaped, no dependency.
        .target(name: "LockOutWeb", dependencies: ["LockOutCore"], swiftSettings: strict),
        .target(
            name: "LockOutAgent",
            dependencies: [
                "LockOutCore", "LockOutStore", "LockOutRuntime", "LockOutWeb",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // PBKDF2 for the parent PIN's stored hash.
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .target(name: "CSystemd", condition: .when(platforms: [.linux])),
                .target(name: "CXCB", condition: .when(platforms: [.linux])),
                .target(name: "CWayland", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "LockOutServer",
            dependencies: [
                "LockOutCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "lockout",
            dependencies: [
                "LockOutAgent", "LockOutRuntime", "LockOutStore", "LockOutCore", "LockOutServer", "LockOutWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // A benchmark, not a test: scripts/bench/stats.sh builds it in release and runs it.
        .executableTarget(
            name: "lockout-bench",
            dependencies: [
                "LockOutAgent", "LockOutRuntime", "LockOutStore", "LockOutCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "scripts/bench/Sources/lockout-bench",
            swiftSettings: strict
        ),
        // The yardstick of scripts/bench/server-load.sh: a Hummingbird hello-world, built and measured in the same run.
        .executableTarget(
            name: "lockout-hello",
            dependencies: ["LockOutCore", .product(name: "Hummingbird", package: "hummingbird")],
            path: "scripts/bench/Sources/lockout-hello",
            swiftSettings: strict
        ),
        .testTarget(name: "LockOutCoreTests", dependencies: ["LockOutCore"], swiftSettings: strict),
        .testTarget(
            name: "LockOutPresentationTests",
            dependencies: [
                "LockOutPresentation", "LockOutRuntime", "LockOutStore", "LockOutCore",
                // The family dashboard's tests reach a live family server through the Linux transport.
                "LockOutAgent", "LockOutServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "LockOutSharedTests", dependencies: ["LockOutShared", "LockOutCore"], swiftSettings: strict),
        // The family's end-to-end encryption: Core's container and envelope over the runtime's swift-crypto cipher.
        .testTarget(
            name: "LockOutRuntimeTests",
            dependencies: ["LockOutRuntime", "LockOutCore", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict
        ),
        .testTarget(name: "LockOutBreakScreenTests", dependencies: ["LockOutBreakScreen", "LockOutCore"], swiftSettings: strict),
        .testTarget(name: "LockOutWebTests", dependencies: ["LockOutWeb", "LockOutCore"], swiftSettings: strict),
        .testTarget(name: "LockOutStoreTests", dependencies: ["LockOutStore", "LockOutCore"], swiftSettings: strict),
        .testTarget(
            name: "LockOutAgentTests",
            dependencies: [
                "LockOutAgent", "LockOutRuntime", "LockOutStore", "LockOutCore", "LockOutServer", "LockOutWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LockOutServerTests",
            dependencies: [
                // LockOutRuntime: the devices' family cipher, to make the keys and epoch commits the server checks.
                "LockOutServer", "LockOutCore", "LockOutRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "LockOutCLITests", dependencies: ["lockout", "LockOutAgent", "LockOutRuntime", "LockOutCore"], swiftSettings: strict),
    ]
)
