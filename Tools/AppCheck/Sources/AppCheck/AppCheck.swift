import Foundation

/// Runs every static check of the Apple apps over one directory and returns the findings of each rule.
public struct AppCheck {
    public let tree: SourceTree
    public let interface: Interface
    public let shared: SharedConstants

    public init(tree: SourceTree, interface: Interface, shared: SharedConstants) {
        self.tree = tree
        self.interface = interface
        self.shared = shared
    }

    /// Reads the apps' directory, the symbol graphs and the shared constants from the repository.
    public static func load(apps: URL, symbolGraphs: URL, repository: URL) throws -> AppCheck {
        let sharedFile = repository.appendingPathComponent("Sources/LockOutShared/AppGroup.swift")
        guard let source = try? String(contentsOf: sharedFile, encoding: .utf8) else {
            throw AppCheckError.unreadableSharedConstants(sharedFile.path)
        }
        return AppCheck(
            tree: try SourceTree.load(apps), interface: try Interface.load(directory: symbolGraphs),
            shared: SharedConstants(source: source)
        )
    }

    /// Every finding, by rule.
    public func run() -> [Rule: [Finding]] {
        let apps = AppsModel(files: tree.files)
        let findings =
            NamesCheck(interface: interface, apps: apps).run() + ViewsCheck(apps: apps).run() + PlatformCheck(apps: apps).run()
            + ConfigCheck(apps: apps, root: tree.root, shared: shared).run()
        var byRule: [Rule: [Finding]] = [:]
        for rule in Rule.allCases { byRule[rule] = [] }
        for finding in Set(findings).sorted() { byRule[finding.rule, default: []].append(finding) }
        return byRule
    }
}
