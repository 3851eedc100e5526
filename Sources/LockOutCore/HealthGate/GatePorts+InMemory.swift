import Foundation

/// A `HealthTotalsStore` in memory, for tests and previews; validates like the database one.
public final class InMemoryHealthTotalsStore: HealthTotalsStore, @unchecked Sendable {
    private let lock = NSLock()
    private var manual: [LocalDate: [HealthMetric: Double]] = [:]
    private var imported: [String: [LocalDate: HealthTotals]] = [:]

    /// An empty store.
    public init() {}

    @discardableResult
    public func addManual(_ value: Double, to metric: HealthMetric, on day: LocalDate) throws -> HealthTotals {
        try metric.check(value)
        return try lock.withLock { () throws(GateInputError) -> HealthTotals in
            let sum = (manual[day]?[metric] ?? 0) + value
            try metric.check(sum)
            manual[day, default: [:]][metric] = sum
            return unlockedTotals(for: day)
        }
    }

    @discardableResult
    public func setManual(_ value: Double, for metric: HealthMetric, on day: LocalDate) throws -> HealthTotals {
        try metric.check(value)
        return lock.withLock {
            manual[day, default: [:]][metric] = value
            return unlockedTotals(for: day)
        }
    }

    public func replaceImported(_ totals: [HealthTotals], source: String) throws {
        lock.withLock {
            for day in totals { imported[source, default: [:]][day.day] = day }
        }
    }

    public func totals(for day: LocalDate) -> HealthTotals {
        lock.withLock { unlockedTotals(for: day) }
    }

    private func unlockedTotals(for day: LocalDate) -> HealthTotals {
        var totals = HealthTotals(day: day, values: manual[day] ?? [:])
        for source in imported.values {
            guard let day = source[day] else { continue }
            for (metric, value) in day.values { totals[metric] += value }
        }
        return totals
    }
}

/// A `HealthReading` double: answers what a test set, or fails with the reason set.
public final class InMemoryHealthReading: HealthReading, @unchecked Sendable {
    /// What the double throws while failing.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The reason given.
        public let reason: String

        public var description: String { reason }
    }

    private let lock = NSLock()
    private var readouts: [LocalDate: HealthReadout] = [:]
    private var failure: String?
    private let confirmed: Bool

    /// A source that is `confirmed` or not and answers zero for every day until told otherwise.
    public init(confirmed: Bool = true) {
        self.confirmed = confirmed
    }

    /// Answers `totals` for their day from now on, and stops failing.
    public func set(_ totals: HealthTotals) {
        lock.withLock {
            readouts[totals.day] = HealthReadout(totals: totals, confirmed: confirmed)
            failure = nil
        }
    }

    /// Fails every read with `reason`, or stops failing when nil.
    public func fail(_ reason: String?) {
        lock.withLock { failure = reason }
    }

    public func readout(for day: LocalDate) async throws -> HealthReadout {
        let (failure, readout) = lock.withLock { (self.failure, readouts[day]) }
        if let failure { throw Failure(reason: failure) }
        return readout ?? HealthReadout(totals: HealthTotals(day: day), confirmed: confirmed)
    }
}

/// A `ShieldControlling` double that records every call.
public final class RecordingShieldController: ShieldControlling, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(on: Bool, apps: [BlockedApp])] = []

    /// A controller with nothing recorded.
    public init() {}

    public func setShields(on: Bool, apps: [BlockedApp]) {
        lock.withLock { recorded.append((on, apps)) }
    }

    /// Whether the last call locked the apps; false before any call.
    public var isOn: Bool { lock.withLock { recorded.last?.on ?? false } }
    /// The apps of the last call.
    public var apps: [BlockedApp] { lock.withLock { recorded.last?.apps ?? [] } }
    /// How many calls were made.
    public var callCount: Int { lock.withLock { recorded.count } }
}

/// A `GateStore` in memory, for tests and previews; validates settings like the database one.
public final class InMemoryGateStore: GateStore, @unchecked Sendable {
    private let lock = NSLock()
    private var record: GateRecord?
    private var settings: GateSettings
    private var entries: [GateLogEntry] = []

    /// A store holding `record` and `settings`.
    public init(record: GateRecord? = nil, settings: GateSettings = .defaults) {
        self.record = record
        self.settings = settings
    }

    public func loadRecord() -> GateRecord? { lock.withLock { record } }

    public func saveRecord(_ record: GateRecord) { lock.withLock { self.record = record } }

    public func loadSettings() -> GateSettings { lock.withLock { settings } }

    public func saveSettings(_ settings: GateSettings) throws {
        try settings.validate()
        lock.withLock { self.settings = settings }
    }

    public func appendLog(_ entries: [GateLogEntry]) {
        lock.withLock {
            self.entries += entries
            guard let newest = self.entries.map(\.at).max() else { return }
            self.entries.removeAll { $0.at < newest.addingTimeInterval(-GateLogEntry.kept) }
        }
    }

    public func log(from start: Date) -> [GateLogEntry] {
        lock.withLock { entries.filter { $0.at >= start }.sorted { $0.at < $1.at } }
    }

    public func update<Outcome>(_ change: (inout GateStoreContents) throws -> Outcome) throws -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        let stored = GateStoreContents(settings: settings, record: record)
        var contents = stored
        let outcome = try change(&contents)
        if contents.settings != stored.settings {
            try contents.settings.validate()
            settings = contents.settings
        }
        record = contents.record ?? record
        entries += contents.newLogEntries
        if let newest = entries.map(\.at).max() {
            entries.removeAll { $0.at < newest.addingTimeInterval(-GateLogEntry.kept) }
        }
        return outcome
    }
}
