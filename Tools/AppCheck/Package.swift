// swift-tools-version: 6.0
import PackageDescription

// The static checks of the Apple apps in Apps/ (scripts/check-apps.sh): a package of its own, so that the
// product package and the apps never depend on swift-syntax or Yams.
let package = Package(
    name: "AppCheck",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lockout-appcheck", targets: ["lockout-appcheck"])
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(
            name: "AppCheck",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .executableTarget(name: "lockout-appcheck", dependencies: ["AppCheck"]),
        .testTarget(name: "AppCheckTests", dependencies: ["AppCheck"]),
    ]
)
