import Foundation

/// What an Apple Health export holds for the health gate: per-day totals and how they were counted.
public struct HealthExportSummary: Equatable, Sendable {
    /// Totals per local day, after the multi-source rule of `HealthExportTally`.
    public var totals: [LocalDate: HealthTotals]
    /// Records of each metric that were counted.
    public var recordsRead: [HealthMetric: Int]
    /// Records of each metric that were skipped: a malformed value, date or unit.
    public var recordsSkipped: [HealthMetric: Int]
    /// The `sourceName`s seen on counted records (iPhone, Apple Watch, apps), in order of first appearance.
    public var sources: [String]
    /// Bytes of XML scanned.
    public var bytesScanned: Int
    /// Whether the closing `</HealthData>` was seen; false means the file was cut short.
    public var isComplete: Bool

    /// A summary with the given facts; the parser builds it, tests compare with it.
    public init(
        totals: [LocalDate: HealthTotals] = [:],
        recordsRead: [HealthMetric: Int] = [:],
        recordsSkipped: [HealthMetric: Int] = [:],
        sources: [String] = [],
        bytesScanned: Int = 0,
        isComplete: Bool = false
    ) {
        self.totals = totals
        self.recordsRead = recordsRead
        self.recordsSkipped = recordsSkipped
        self.sources = sources
        self.bytesScanned = bytesScanned
        self.isComplete = isComplete
    }

    /// Counted records over all metrics.
    public var totalRecordsRead: Int { recordsRead.values.reduce(0, +) }
    /// Skipped records over all metrics.
    public var totalRecordsSkipped: Int { recordsSkipped.values.reduce(0, +) }
}
