import Foundation
import Testing

@testable import AppCheck

/// A small apps tree written to a temporary directory, checked against a tiny hand-written interface.
struct Fixture {
    /// The apps' files, relative to Apps/.
    var files: [String: String]
    /// Files of the repository around Apps/ (the workflows), relative to it.
    var repositoryFiles: [String: String]
    /// The manifest of the package in the repository (project.yml's `path: ..`); nil: it cannot be read.
    var manifest: PackageManifest? = Fixture.manifest

    init(_ files: [String: String], repository: [String: String] = [:]) {
        self.files = files
        self.repositoryFiles = repository
    }

    /// A copy with `file` replaced or added.
    func with(_ path: String, _ text: String) -> Fixture {
        var copy = self
        copy.files[path] = text
        return copy
    }

    /// A copy with a repository file replaced or added.
    func withRepository(_ path: String, _ text: String) -> Fixture {
        var copy = self
        copy.repositoryFiles[path] = text
        return copy
    }

    /// A copy whose package manifest is `manifest`.
    func with(manifest: PackageManifest?) -> Fixture {
        var copy = self
        copy.manifest = manifest
        return copy
    }

    /// A copy with `old` replaced by `new` in the repository file `path` (which must contain it).
    func replacing(_ old: String, with new: String, inRepository path: String) throws -> Fixture {
        let text = try #require(repositoryFiles[path])
        #expect(text.contains(old), "\(path) does not contain \(old)")
        return withRepository(path, text.replacingOccurrences(of: old, with: new))
    }

    /// A copy with `old` replaced by `new` in `path` (which must contain it).
    func replacing(_ old: String, with new: String, in path: String) throws -> Fixture {
        let text = try #require(files[path])
        #expect(text.contains(old), "\(path) does not contain \(old)")
        return with(path, text.replacingOccurrences(of: old, with: new))
    }

    /// Every finding of every rule.
    func findings() throws -> [Finding] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let apps = directory.appendingPathComponent("Apps")
        for (path, text) in files {
            let url = apps.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for (path, text) in repositoryFiles {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        let manifest = manifest
        let packageDirectory = directory.standardizedFileURL.path
        let check = AppCheck(
            tree: try SourceTree.load(apps), interface: Fixture.interface,
            shared: SharedConstants(source: Fixture.sharedSource), repository: directory,
            manifests: { url in
                guard url.standardizedFileURL.path == packageDirectory, let manifest else {
                    throw ManifestError.unreadable("no Package.swift in \(url.lastPathComponent)")
                }
                return manifest
            }
        )
        return check.run().values.flatMap { $0 }.sorted()
    }

    /// The findings of one rule.
    func findings(_ rule: Rule) throws -> [Finding] {
        try findings().filter { $0.rule == rule }
    }

    // MARK: The package

    /// The repository's package, as `swift package dump-package` describes it (the parts read).
    static let manifest = PackageManifest(
        name: "LockOut",
        products: [
            .init(name: "LockOutCore", targets: ["LockOutCore"]),
            .init(name: "LockOutStore", targets: ["LockOutStore"]),
            .init(name: "LockOutRuntime", targets: ["LockOutRuntime"]),
            .init(name: "LockOutPresentation", targets: ["LockOutPresentation"]),
            .init(name: "LockOutShared", targets: ["LockOutShared"]),
            .init(name: "lockout", targets: ["lockout"], isLibrary: false),
        ],
        modules: ["LockOutCore", "LockOutShared", "LockOutStore", "LockOutRuntime", "LockOutPresentation", "lockout"]
    )

    /// The manifest without `product`, as Package.swift was before it declared it.
    static func manifest(without product: String) -> PackageManifest {
        PackageManifest(name: manifest.name, products: manifest.products.filter { $0.name != product }, modules: manifest.modules)
    }

    // MARK: The interface

    static let sharedSource = """
        public enum AppGroup {
            public static let identifier = "group.org.lockout.LockOut"
        }
        public enum SharedIdentifiers {
            public static let backgroundRefreshTask = "org.lockout.LockOut.refresh"
        }
        """

    /// LockOutCore's `BreakKind` and `DashboardScreen`, LockOutPresentation's `DashboardModel`, LockOutRuntime's
    /// `DeviceAgent` and LockOutShared's `AppGroup`, as `swift-symbolgraph-extract` writes them (the parts read).
    static let interface: Interface = {
        let core = graph(
            "LockOutCore",
            [
                symbol("swift.enum", "BreakKind", "enum BreakKind"),
                symbol("swift.enum.case", "BreakKind.eye", "case eye"),
                symbol("swift.enum.case", "BreakKind.micro", "case micro"),
                symbol("swift.enum.case", "BreakKind.long", "case long"),
                symbol("swift.property", "BreakKind.title", "var title: String { get }"),
                symbol("swift.init", "BreakKind.init(rawValue:)", "init?(rawValue: String)"),
                symbol("swift.struct", "DashboardScreen", "struct DashboardScreen"),
                symbol("swift.property", "DashboardScreen.headline", "let headline: String"),
                symbol("swift.property", "DashboardScreen.toggles", "let toggles: [Toggle]"),
                symbol("swift.struct", "DashboardScreen.Toggle", "struct Toggle"),
                symbol("swift.property", "DashboardScreen.Toggle.kind", "let kind: BreakKind"),
                symbol("swift.property", "DashboardScreen.Toggle.title", "let title: String"),
                symbol("swift.property", "DashboardScreen.Toggle.enabled", "let enabled: Bool"),
                symbol("swift.struct", "NotificationRequest", "struct NotificationRequest"),
                symbol("swift.protocol", "ActivityStore", "protocol ActivityStore"),
                symbol("swift.struct", "AlarmChanges", "struct AlarmChanges"),
                symbol("swift.property", "AlarmChanges.cancel", "let cancel: [UUID]"),
            ],
            [
                conformance("BreakKind", "s:SY", "Swift.RawRepresentable"),
                conformance("BreakKind", "s:s12CaseIterableP", "Swift.CaseIterable"),
            ]
        )
        let presentation = graph(
            "LockOutPresentation",
            [
                symbol("swift.class", "DashboardModel", "class DashboardModel"),
                symbol("swift.init", "DashboardModel.init(agent:)", "@MainActor init(agent: DeviceAgent)"),
                symbol("swift.property", "DashboardModel.screen", "@MainActor var screen: DashboardScreen? { get set }"),
                symbol("swift.property", "DashboardModel.headline", "@MainActor var headline: String { get }"),
                symbol("swift.property", "DashboardModel.toggles", "@MainActor var toggles: [DashboardScreen.Toggle] { get }"),
                symbol("swift.method", "DashboardModel.refresh()", "@MainActor func refresh() async"),
                symbol(
                    "swift.method", "DashboardModel.setEnabled(_:_:)",
                    "@MainActor func setEnabled(_ kind: BreakKind, _ enabled: Bool) async"),
            ],
            []
        )
        let runtime = graph("LockOutRuntime", [symbol("swift.actor", "DeviceAgent", "actor DeviceAgent")], [])
        let shared = graph(
            "LockOutShared",
            [
                symbol("swift.enum", "AppGroup", "enum AppGroup"),
                symbol("swift.type.property", "AppGroup.identifier", "static let identifier: String"),
                symbol("swift.enum", "SharedIdentifiers", "enum SharedIdentifiers"),
                symbol(
                    "swift.type.property", "SharedIdentifiers.backgroundRefreshTask", "static let backgroundRefreshTask: String"),
            ],
            []
        )
        let decoded = [core, presentation, runtime, shared].map { json in
            try! JSONDecoder().decode(SymbolGraph.self, from: Data(json.utf8))
        }
        return Interface(graphs: decoded)
    }()

    static func symbol(_ kind: String, _ path: String, _ declaration: String) -> String {
        let components = path.split(separator: ".").map { "\"\($0)\"" }.joined(separator: ",")
        let escaped = declaration.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"kind":{"identifier":"\(kind)"},"identifier":{"precise":"s:\(path)"},"pathComponents":[\(components)],\
            "declarationFragments":[{"kind":"text","spelling":"\(escaped)"}]}
            """
    }

    static func conformance(_ type: String, _ target: String, _ fallback: String) -> String {
        #"{"kind":"conformsTo","source":"s:\#(type)","target":"\#(target)","targetFallback":"\#(fallback)"}"#
    }

    static func graph(_ module: String, _ symbols: [String], _ relationships: [String]) -> String {
        #"{"module":{"name":"\#(module)"},"symbols":[\#(symbols.joined(separator: ","))],"relationships":[\#(relationships.joined(separator: ","))]}"#
    }
}

extension [Finding] {
    /// The messages, for readable expectations.
    var messages: [String] { map(\.message) }
}
