import Foundation
import LockOutCore

/// Reads an Apple Health export from disk, `export.xml` or the `export.zip` the Health app shares, and
/// returns its per-day totals. Streams in fixed-size chunks, so memory stays bounded for a file of many
/// gigabytes. Writes nothing: storing the totals is the caller's job.
public struct HealthExportImporter: Sendable {
    /// The person's calendar: it decides which local day a record belongs to.
    public let calendar: Calendar
    private let environment: [String: String]
    private let chunkSize: Int

    /// An importer for `calendar`; `environment`'s `PATH` is searched for `unzip`.
    public init(calendar: Calendar, environment: [String: String], chunkSize: Int = 1 << 20) {
        self.calendar = calendar
        self.environment = environment
        self.chunkSize = max(chunkSize, 4096)
    }

    /// Imports the export at `url`, reporting progress at most about ten times a second.
    ///
    /// A zip archive is recognised by its content, not its name; anything else is read as XML and must
    /// have a `<HealthData>` root element.
    public func importFile(
        at url: URL,
        progress: (HealthImportProgress) -> Void = { _ in }
    ) throws(HealthImportError) -> HealthExportSummary {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR
                ? .fileNotFound(path: path)
                : .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(path: path, reason: "it is not a regular file")
        }
        if try Self.isZip(descriptor, path: path) {
            return try HealthExportZip(path: path, environment: environment)
                .importExport(calendar: calendar, chunkSize: chunkSize, progress: progress)
        }
        return try Self.stream(
            descriptor, path: path, totalBytes: Int64(status.st_size),
            calendar: calendar, chunkSize: chunkSize, progress: progress
        )
    }

    /// Whether the file starts with a zip signature (a local file header, or the end record of an empty zip).
    private static func isZip(_ descriptor: Int32, path: String) throws(HealthImportError) -> Bool {
        var magic: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let count = withUnsafeMutableBytes(of: &magic) { pread(descriptor, $0.baseAddress, 4, 0) }
        guard count >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        return count == 4 && magic.0 == 0x50 && magic.1 == 0x4B
            && ((magic.2 == 3 && magic.3 == 4) || (magic.2 == 5 && magic.3 == 6))
    }

    /// Reads `descriptor` to its end through the parser with `read(2)`, one chunk at a time.
    static func stream(
        _ descriptor: Int32,
        path: String,
        totalBytes: Int64,
        calendar: Calendar,
        chunkSize: Int,
        progress: (HealthImportProgress) -> Void
    ) throws(HealthImportError) -> HealthExportSummary {
        var parser = HealthExportParser(calendar: calendar)
        var throttle = HealthImportProgressThrottle(totalBytes: totalBytes)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var bytesRead: Int64 = 0
        throttle.report(0, to: progress)
        while true {
            let count = read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try parser.consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            bytesRead += Int64(count)
            throttle.report(bytesRead, to: progress)
        }
        let summary = try parser.finish()
        throttle.report(bytesRead, done: true, to: progress)
        return summary
    }
}
