import Foundation

/// How far an import has got: bytes of XML read out of how many the export holds.
public struct HealthImportProgress: Equatable, Sendable {
    /// Bytes of XML read so far (uncompressed, for a zip).
    public let bytesRead: Int64
    /// Bytes of XML in the export (the size of `export.xml`, uncompressed for a zip).
    public let totalBytes: Int64

    /// A progress report of `bytesRead` out of `totalBytes`.
    public init(bytesRead: Int64, totalBytes: Int64) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }

    /// The share done, 0 to 1.
    public var fraction: Double {
        totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 1
    }
}

/// Passes progress on at most about ten times a second, so drawing a progress bar costs nothing measurable.
struct HealthImportProgressThrottle {
    static let interval = Duration.milliseconds(100)

    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant?
    let totalBytes: Int64

    init(totalBytes: Int64) {
        self.totalBytes = totalBytes
    }

    /// Reports `bytesRead` when the first report, the last (`done`) or 100 ms after the one before.
    mutating func report(_ bytesRead: Int64, done: Bool = false, to progress: (HealthImportProgress) -> Void) {
        let now = clock.now
        if !done, let last, last.duration(to: now) < Self.interval { return }
        last = now
        progress(HealthImportProgress(bytesRead: bytesRead, totalBytes: max(totalBytes, bytesRead)))
    }
}
