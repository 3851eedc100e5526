import Foundation
import LockOutCore

/// The `export.zip` the Health app shares, read through `unzip`: the `export.xml` entry is streamed from
/// `unzip -p`'s output, never written to disk or held in memory whole.
struct HealthExportZip {
    /// A file in the archive and its uncompressed size.
    struct Entry: Equatable {
        let name: String
        let size: Int64
    }

    let path: String
    let environment: [String: String]

    /// Streams the archive's `export.xml` through the parser.
    func importExport(
        calendar: Calendar,
        chunkSize: Int,
        progress: (HealthImportProgress) -> Void
    ) throws(HealthImportError) -> HealthExportSummary {
        guard let unzip = PlatformCommand.find("unzip", environment: environment) else { throw .unzipMissing }
        let entries = try list(unzip)
        guard let export = Self.exportEntry(in: entries) else {
            let files = entries.filter { !$0.name.hasSuffix("/") }.map(\.name)
            throw .zipHasNoExport(path: path, entries: Array(files.prefix(5)) + (files.count > 5 ? ["…"] : []))
        }
        let (process, output, errors) = try launch(unzip, ["-p", path, Self.literalPattern(export.name)])
        let result: Result<HealthExportSummary, HealthImportError>
        do throws(HealthImportError) {
            result = .success(try HealthExportImporter.stream(
                output.fileHandleForReading.fileDescriptor, path: path, totalBytes: export.size,
                calendar: calendar, chunkSize: chunkSize, progress: progress
            ))
        } catch {
            // Not a Health export after all, or unreadable: stop unzip rather than inflate the rest.
            process.terminate()
            result = .failure(error)
        }
        // unzip writes a line or two to stderr at most, so reading it after stdout cannot block it.
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        if case .success = result, process.waitUntilExit() != .exit(0) {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .unzipFailed(path: path, status: process.terminationStatus, message: text)
        }
        return try result.get()
    }

    /// Starts `unzip` with `arguments`, its output and errors on pipes the caller reads.
    private func launch(_ unzip: URL, _ arguments: [String]) throws(HealthImportError) -> (ChildProcess, Pipe, Pipe) {
        let output = Pipe()
        let errors = Pipe()
        do {
            let process = try ChildProcess(
                unzip, arguments, environment: environment, stdin: .null, stdout: .pipe(output), stderr: .pipe(errors)
            )
            return (process, output, errors)
        } catch {
            throw .unzipFailed(path: path, status: -1, message: "\(error)")
        }
    }

    /// The archive's entries, from `unzip -Zl`.
    private func list(_ unzip: URL) throws(HealthImportError) -> [Entry] {
        let (process, output, errors) = try launch(unzip, ["-Zl", path])
        let listing = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        guard process.waitUntilExit() == .exit(0) else {
            let text = String(decoding: message + listing, as: UTF8.self)
                .split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            throw .unzipFailed(path: path, status: process.terminationStatus, message: text)
        }
        return Self.entries(fromListing: String(decoding: listing, as: UTF8.self))
    }

    /// Reads `unzip -Zl` lines: `-rw-r--r--  3.0 unx  26 tx  19 defN 26-Nov-22 06:59 name with spaces`.
    static func entries(fromListing listing: String) -> [Entry] {
        listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 9, omittingEmptySubsequences: true)
            guard fields.count == 10, fields[0].count == 10, let size = Int64(fields[3]) else { return nil }
            return Entry(name: String(fields[9]), size: size)
        }
    }

    /// `apple_health_export/export.xml` as the Health app writes it; else the shallowest entry named
    /// `export.xml` (someone re-zipped the folder), never `export_cda.xml`.
    static func exportEntry(in entries: [Entry]) -> Entry? {
        if let standard = entries.first(where: { $0.name == "apple_health_export/export.xml" }) { return standard }
        return entries
            .filter { $0.name == "export.xml" || $0.name.hasSuffix("/export.xml") }
            .min { $0.name.split(separator: "/").count < $1.name.split(separator: "/").count }
    }

    /// `name` as an `unzip` pattern that matches only itself: its wildcards wrapped in brackets.
    static func literalPattern(_ name: String) -> String {
        var pattern = ""
        for character in name {
            if "*?[".contains(character) {
                pattern += "[\(character)]"
            } else {
                pattern.append(character)
            }
        }
        return pattern
    }
}
