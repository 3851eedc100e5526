import Foundation

/// What went wrong importing an Apple Health export; each case carries the facts a message needs.
public enum HealthImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not an Apple Health export; `found` says what it is instead.
    case notAHealthExport(found: String)
    /// No file exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is a zip archive and `unzip` was not found on `PATH`.
    case unzipMissing
    /// The zip archive holds no `export.xml`; `entries` lists a few of the names it does hold.
    case zipHasNoExport(path: String, entries: [String])
    /// `unzip` failed on the archive.
    case unzipFailed(path: String, status: Int32, message: String)
    /// An element grew past what a Health export ever writes, so the scan stopped to keep memory bounded.
    case elementTooLong(offset: Int, limit: Int)

    public var description: String {
        switch self {
        case .notAHealthExport(let found):
            "not an Apple Health export: expected export.xml (an XML file whose root element is <HealthData>) "
                + "or the export.zip the Health app shares, found \(found)"
        case .fileNotFound(let path):
            "no file at \(path)"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unzipMissing:
            "reading export.zip needs the unzip command (Debian package unzip); install it, or unzip the archive and import apple_health_export/export.xml"
        case .zipHasNoExport(let path, let entries):
            "\(path) holds no export.xml (expected apple_health_export/export.xml); it holds "
                + (entries.isEmpty ? "nothing" : entries.joined(separator: ", "))
        case .unzipFailed(let path, let status, let message):
            "unzip failed on \(path) (exit status \(status))" + (message.isEmpty ? "" : ": \(message)")
        case .elementTooLong(let offset, let limit):
            "an element at byte \(offset) is longer than \(limit) bytes; a Health export never writes one that long"
        }
    }
}
