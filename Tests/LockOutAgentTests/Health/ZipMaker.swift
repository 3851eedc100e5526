import Foundation
import LockOutAgent

/// Builds zip archives for the importer's tests with the `zip` command, or Python's `zipfile` without it.
enum ZipMaker {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static var available: Bool { tool("zip") != nil || tool("python3") != nil }

    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Writes `files` (path in the archive → content) under `folder/content` and zips them into
    /// `folder/export.zip`.
    static func make(in folder: URL, files: [String: Data]) throws -> URL {
        let content = folder.appendingPathComponent("content")
        for (name, data) in files {
            let file = content.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        let archive = folder.appendingPathComponent("export.zip")
        let command: (URL, [String])
        if let zip = tool("zip") {
            command = (zip, ["-q", "-r", archive.path] + files.keys.sorted())
        } else if let python = tool("python3") {
            command = (python, ["-c", """
                import sys, zipfile
                with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                    for name in sys.argv[2:]: z.write(name)
                """, archive.path] + files.keys.sorted())
        } else {
            throw Failed(description: "neither zip nor python3 is on PATH")
        }
        let process = try ChildProcess(command.0, command.1, directory: content)
        guard process.waitUntilExit() == .exit(0) else { throw Failed(description: "zipping failed: \(process.terminationStatus)") }
        return archive
    }
}
