import Foundation

/// Runs every static check of the Apple apps over one directory and returns the findings of each rule.
public struct AppCheck {
    public let tree: SourceTree
    public let interface: Interface
    public let shared: SharedConstants
    /// The repository the apps belong to: its workflows, and the packages project.yml links by path.
    public let repository: URL
    public let manifests: ManifestReader

    /// The folder of the repository the checked directory stands for: `project.yml`'s relative paths start there,
    /// and the workflows' paths into it are read from the checked directory (Apps/ itself, or a copy of it).
    public static let appsFolder = "Apps"

    public init(
        tree: SourceTree, interface: Interface, shared: SharedConstants, repository: URL? = nil,
        manifests: @escaping ManifestReader = PackageManifest.dump
    ) {
        self.tree = tree
        self.interface = interface
        self.shared = shared
        self.repository = repository ?? tree.root.standardizedFileURL.deletingLastPathComponent()
        self.manifests = manifests
    }

    /// Reads the apps' directory, the symbol graphs and the shared constants from the repository.
    public static func load(apps: URL, symbolGraphs: URL, repository: URL) throws -> AppCheck {
        let sharedFile = repository.appendingPathComponent("Sources/LockOutShared/AppGroup.swift")
        guard let source = try? String(contentsOf: sharedFile, encoding: .utf8) else {
            throw AppCheckError.unreadableSharedConstants(sharedFile.path)
        }
        return AppCheck(
            tree: try SourceTree.load(apps), interface: try Interface.load(directory: symbolGraphs),
            shared: SharedConstants(source: source), repository: repository
        )
    }

    /// Every finding, by rule.
    public func run() -> [Rule: [Finding]] {
        let apps = AppsModel(files: tree.files)
        let config = ConfigCheck(apps: apps, root: tree.root, shared: shared)
        let standsFor = repository.appendingPathComponent(Self.appsFolder, isDirectory: true)
        var findings = NamesCheck(interface: interface, apps: apps).run()
        findings += ViewsCheck(apps: apps).run()
        findings += PlatformCheck(apps: apps).run()
        findings += config.run()
        findings += PackagesCheck(config: config, standsFor: standsFor, manifests: manifests).run()
        findings += XcconfigCheck(root: tree.root, repository: repository, standsFor: standsFor).run()
        var byRule: [Rule: [Finding]] = [:]
        for rule in Rule.allCases { byRule[rule] = [] }
        for finding in Set(findings).sorted() { byRule[finding.rule, default: []].append(finding) }
        return byRule
    }
}
