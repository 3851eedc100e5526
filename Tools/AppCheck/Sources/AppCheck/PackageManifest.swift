import Foundation

/// A Swift package's manifest as `swift package dump-package` prints it (JSON): the parts the packages check reads.
public struct PackageManifest: Sendable, Equatable {
    public struct Product: Sendable, Equatable {
        public let name: String
        /// The targets the product holds: the modules a target linking it may import.
        public let targets: [String]
        /// A library, which an app or extension can link (an executable or a plugin cannot).
        public let isLibrary: Bool

        public init(name: String, targets: [String], isLibrary: Bool = true) {
            self.name = name
            self.targets = targets
            self.isLibrary = isLibrary
        }
    }

    public let name: String
    public let products: [Product]
    /// Every target that builds a module (test targets left out).
    public let modules: [String]

    public init(name: String, products: [Product], modules: [String]) {
        self.name = name
        self.products = products
        self.modules = modules
    }

    /// Reads the JSON of `swift package dump-package`.
    public init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let name = object["name"] as? String
        else {
            throw ManifestError.unreadable("not the JSON of swift package dump-package")
        }
        self.name = name
        products = (object["products"] as? [[String: Any]] ?? []).compactMap { product in
            guard let name = product["name"] as? String else { return nil }
            let type = product["type"] as? [String: Any] ?? [:]
            return Product(name: name, targets: product["targets"] as? [String] ?? [], isLibrary: type["library"] != nil)
        }
        modules = (object["targets"] as? [[String: Any]] ?? []).compactMap { target in
            guard let name = target["name"] as? String, target["type"] as? String != "test" else { return nil }
            return name
        }
    }

    /// Runs `swift package dump-package` on the package in `directory`, with a scratch folder of its own (so that a
    /// build of the package running meanwhile neither waits for it nor is disturbed), and reads its JSON.
    public static func dump(directory: URL) throws -> PackageManifest {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) else {
            throw ManifestError.unreadable("no Package.swift in \(directory.path)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-appcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", directory.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-appcheck-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw ManifestError.unreadable(
                "swift package dump-package exited with \(process.terminationStatus): "
                    + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return try PackageManifest(json: data)
    }
}

/// Why a package's manifest could not be read.
public enum ManifestError: Error, CustomStringConvertible {
    case unreadable(String)

    public var description: String {
        switch self {
        case .unreadable(let why): why
        }
    }
}

/// Reads the manifest of the package in a directory: `PackageManifest.dump` for the tool, a table in the tests.
public typealias ManifestReader = @Sendable (URL) throws -> PackageManifest
