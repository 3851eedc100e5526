import Foundation
import SwiftIfConfig
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// One Swift file of the apps: parsed, with its operators folded (the parser leaves `a + b * c` and `a += b` as flat
/// sequences), and a way to name the line and column of any node.
public struct SwiftFile {
    /// The path relative to the checked directory, with `/` separators.
    public let path: String
    public let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    public init(path: String, text: String) {
        self.path = path
        let parsed = Parser.parse(source: text)
        // Folding never fails on the standard operators; a custom operator is left as a sequence.
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
        self.converter = SourceLocationConverter(fileName: path, tree: self.tree)
        self.imports = self.tree.descendants(ImportDeclSyntax.self).compactMap { declaration in
            guard let first = declaration.path.first else { return nil }
            return (first.name.text, declaration)
        }
        self.iOSRegions = self.tree.configuredRegions(in: Destination.iOS)
        self.macOSRegions = self.tree.configuredRegions(in: Destination.macOS)
    }

    /// A finding at `node`'s first token (leading trivia skipped).
    func finding(_ rule: Rule, at node: some SyntaxProtocol, _ message: String) -> Finding {
        let location = node.startLocation(converter: converter)
        return Finding(path: path, line: location.line, column: location.column, rule: rule, message: message)
    }

    /// The modules the file imports anywhere, active or not, with the import declarations.
    let imports: [(module: String, declaration: ImportDeclSyntax)]
    /// Which `#if` clauses are active on iOS and on macOS.
    let iOSRegions: ConfiguredRegions
    let macOSRegions: ConfiguredRegions

    /// Which `#if` clauses are active on `destination`.
    func regions(on destination: Destination) -> ConfiguredRegions {
        destination.name == "macOS" ? macOSRegions : iOSRegions
    }

    /// The first folder of the path under the checked directory (`Extensions`, `LockOut`).
    var topFolder: String { path.split(separator: "/").first.map(String.init) ?? "" }

    /// The extension's folder name when the file lives under `Extensions/<Name>/`.
    var extensionName: String? {
        let parts = path.split(separator: "/")
        guard parts.count > 2, parts[0] == "Extensions" else { return nil }
        return String(parts[1])
    }
}

/// The apps' directory: every Swift file in it, and the other files the configuration check reads.
public struct SourceTree {
    /// The directory as given.
    public let root: URL
    public let files: [SwiftFile]

    public init(root: URL, files: [SwiftFile]) {
        self.root = root
        self.files = files
    }

    /// Reads every `*.swift` under `root`, skipping hidden folders and build folders.
    public static func load(_ root: URL) throws -> SourceTree {
        let files = try paths(under: root, extensions: ["swift"]).map { path in
            SwiftFile(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
        return SourceTree(root: root, files: files)
    }

    /// The relative paths of the files under `root` whose extension is one of `extensions`, sorted.
    static func paths(under root: URL, extensions: Set<String>) throws -> [String] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AppCheckError.notADirectory(root.path)
        }
        var found: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            for name in try manager.contentsOfDirectory(atPath: url.path) {
                if name.hasPrefix(".") || name.hasPrefix(".build") { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                var childIsDirectory: ObjCBool = false
                _ = manager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &childIsDirectory)
                if childIsDirectory.boolValue {
                    pending.append(path)
                } else if extensions.contains((name as NSString).pathExtension) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}

/// What stops the tool before it can check anything.
public enum AppCheckError: Error, CustomStringConvertible {
    case notADirectory(String)
    case unreadableSymbolGraph(String, String)
    case noSymbolGraphs(String)
    case unreadableSharedConstants(String)

    public var description: String {
        switch self {
        case .notADirectory(let path): "\(path) is not a directory"
        case .unreadableSymbolGraph(let path, let why): "cannot read the symbol graph \(path): \(why)"
        case .noSymbolGraphs(let path): "no *.symbols.json in \(path)"
        case .unreadableSharedConstants(let path): "cannot read \(path)"
        }
    }
}

extension SyntaxProtocol {
    /// Every node of type `T` below this one, in source order.
    func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        let collector = Collector<T>(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.found
    }

    /// The nearest ancestor of type `T`.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let match = current.as(T.self) { return match }
            node = current.parent
        }
        return nil
    }
}

private final class Collector<T: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [T] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(T.self) { found.append(match) }
        return .visitChildren
    }
}

extension TokenSyntax {
    /// The identifier without backticks.
    var identifier: String {
        let text = self.text
        return text.hasPrefix("`") && text.hasSuffix("`") && text.count > 1 ? String(text.dropFirst().dropLast()) : text
    }
}
