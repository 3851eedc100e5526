import Foundation

/// What a rewards transition writes, all in one transaction.
public struct RewardsWrite: Sendable {
    public var record: RewardsRecord
    public var settings: RewardsSettings
    /// Usage sessions to insert or replace, by id.
    public var usage: [UsageSession]
    /// Ledger entries to insert or replace, by id.
    public var ledger: [LedgerEntry]

    public init(record: RewardsRecord, settings: RewardsSettings, usage: [UsageSession] = [], ledger: [LedgerEntry] = []) {
        self.record = record
        self.settings = settings
        self.usage = usage
        self.ledger = ledger
    }
}

/// Where rewards are kept between runs: the record and settings, the ledger and the usage sessions.
public protocol RewardsStore: Sendable {
    /// The saved record (nil when none or unreadable) and settings (the defaults when none).
    func load() throws -> (record: RewardsRecord?, settings: RewardsSettings)
    /// Writes `write` whole or not at all.
    func save(_ write: RewardsWrite) throws
    /// Ledger entries from `day` on (all when nil), newest first, at most `limit`.
    func ledger(from day: LocalDate?, limit: Int) throws -> [LedgerEntry]
    /// Usage sessions whose end falls on `from...through` (local days as stored), oldest first.
    func usage(from: LocalDate, through: LocalDate) throws -> [UsageSession]
}

/// A `RewardsStore` in memory, for tests.
public final class InMemoryRewardsStore: RewardsStore, @unchecked Sendable {
    private let lock = NSLock()
    private let calendar: Calendar
    private var record: RewardsRecord?
    private var settings = RewardsSettings.defaults
    private var entries: [UUID: LedgerEntry] = [:]
    private var sessions: [UUID: UsageSession] = [:]

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    public func load() throws -> (record: RewardsRecord?, settings: RewardsSettings) {
        lock.withLock { (record, settings) }
    }

    public func save(_ write: RewardsWrite) throws {
        lock.withLock {
            record = write.record
            settings = write.settings
            for entry in write.ledger { entries[entry.id] = entry }
            for session in write.usage { sessions[session.id] = session }
        }
    }

    public func ledger(from day: LocalDate?, limit: Int) throws -> [LedgerEntry] {
        lock.withLock {
            Array(entries.values.filter { day == nil || $0.day >= day! }.sorted { ($0.at, $0.id.uuidString) > ($1.at, $1.id.uuidString) }.prefix(limit))
        }
    }

    public func usage(from: LocalDate, through: LocalDate) throws -> [UsageSession] {
        lock.withLock {
            sessions.values.filter { (from...through).contains($0.day(in: calendar)) }.sorted { $0.start < $1.start }
        }
    }
}
