import Foundation

/// A health source: today's totals from HealthKit, the local store, or a phone through the family server.
public protocol HealthReading: Sendable {
    /// The totals of `day`, labelled with `day`; throws when the source cannot answer.
    func readout(for day: LocalDate) async throws -> HealthReadout
}

/// The app shield: locks or allows the blocked apps (process stopping on Linux, ManagedSettings on Apple).
public protocol ShieldControlling: Sendable {
    /// Locks `apps` when `on` (an empty list locks nothing), allows every app otherwise; replaces whatever was set before.
    func setShields(on: Bool, apps: [BlockedApp]) throws
}

/// Where the health gate keeps its record and settings between runs.
public protocol GateStore: Sendable {
    /// The saved record, nil when none was saved or it can't be read (the gate then starts afresh, closed).
    func loadRecord() throws -> GateRecord?
    /// Replaces the saved record.
    func saveRecord(_ record: GateRecord) throws
    /// The saved settings, or the defaults when none were saved.
    func loadSettings() throws -> GateSettings
    /// Stores settings; they are validated first and nothing is written when they are invalid.
    func saveSettings(_ settings: GateSettings) throws
    /// Appends to the gate log; entries more than `GateLogEntry.kept` older than the newest are dropped.
    func appendLog(_ entries: [GateLogEntry]) throws
    /// The log entries at or after `start`, oldest first.
    func log(from start: Date) throws -> [GateLogEntry]
    /// Reads the stored gate, lets `change` alter it, and writes the settings, record and log entries it
    /// leaves, all in one transaction: no other writer comes between the read and the writes, and nothing
    /// is written when `change` throws or the settings it leaves are invalid.
    func update<Outcome>(_ change: (inout GateStoreContents) throws -> Outcome) throws -> Outcome
}

/// The health gate as one store transaction reads it and leaves it.
public struct GateStoreContents: Hashable, Sendable {
    /// The stored settings, or the defaults when none were saved; written back when changed.
    public var settings: GateSettings
    /// The stored record, nil when none was saved or it can't be read; written back when changed.
    public var record: GateRecord?
    /// Entries to append to the log; none when read.
    public var newLogEntries: [GateLogEntry]

    /// Contents holding `settings` and `record`, with nothing to log yet.
    public init(settings: GateSettings, record: GateRecord?, newLogEntries: [GateLogEntry] = []) {
        self.settings = settings
        self.record = record
        self.newLogEntries = newLogEntries
    }
}

/// Where daily health totals are kept on a device without HealthKit: manual entries per day and
/// imported per-day totals per import source, so importing the same export again never counts twice.
public protocol HealthTotalsStore: Sendable {
    /// Adds `value` to the manual entry of `metric` on `day` and returns that day's totals; throws
    /// `.healthValueOutOfRange` for a negative value or a total a day cannot hold.
    @discardableResult
    func addManual(_ value: Double, to metric: HealthMetric, on day: LocalDate) throws -> HealthTotals
    /// Replaces the manual entry of `metric` on `day` and returns that day's totals.
    @discardableResult
    func setManual(_ value: Double, for metric: HealthMetric, on day: LocalDate) throws -> HealthTotals
    /// Replaces, for each day given, what `source` imported for that day; other sources and days stay.
    func replaceImported(_ totals: [HealthTotals], source: String) throws
    /// The totals of `day`: manual entries plus every source's import.
    func totals(for day: LocalDate) throws -> HealthTotals
}

extension HealthMetric {
    /// What one day can hold: a value outside is a typo, not a day's activity.
    public var dailyRange: ClosedRange<Double> {
        switch self {
        case .steps: 0...200_000
        case .activeEnergy: 0...20_000
        case .exerciseMinutes: 0...1_440
        }
    }

    /// Throws `.healthValueOutOfRange` unless `value` is a number within `dailyRange`.
    public func check(_ value: Double) throws(GateInputError) {
        guard value.isFinite, dailyRange.contains(value) else {
            throw .healthValueOutOfRange(metric: self, value: value, allowed: dailyRange)
        }
    }
}

/// The health source of a device without HealthKit: the local totals store, which always answers
/// for itself, so it is confirmed and a zero means zero.
public struct StoredHealthReading: HealthReading {
    let store: any HealthTotalsStore

    /// A source reading `store`.
    public init(store: any HealthTotalsStore) {
        self.store = store
    }

    /// The store's totals for `day`, confirmed.
    public func readout(for day: LocalDate) async throws -> HealthReadout {
        HealthReadout(totals: try store.totals(for: day), confirmed: true)
    }
}
