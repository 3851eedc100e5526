import Foundation

/// Where completed and skipped breaks are kept.
public protocol BreakHistory: Sendable {
    /// Records sessions; a session whose id is already stored is left as it was.
    func save(_ sessions: [BreakSession]) throws
    /// Sessions that ended in `[from, to)`, oldest first.
    func sessions(endedFrom from: Date, to: Date) throws -> [BreakSession]
    /// The latest local day among sessions that ended in `from...last`, nil when none did.
    func latestDay(endedFrom from: Date, through last: Date) throws -> LocalDate?
    /// Completed and skipped counts per local day in `first...last`, only days that have sessions, oldest first.
    func dayStats(from first: LocalDate, through last: LocalDate) throws -> [DayStat]
    /// Deletes sessions of days before `day`; returns how many went.
    @discardableResult
    func prune(before day: LocalDate) throws -> Int
}

/// Where the person's settings are kept.
public protocol SettingsStore: Sendable {
    /// The stored settings, or the defaults when nothing was stored yet.
    func load() throws -> BreakSettings
    /// Stores settings; they are validated first and nothing is written when they are invalid.
    func save(_ settings: BreakSettings) throws
}

/// Where the breaks engine keeps its state between runs.
public protocol BreakRecordStore: Sendable {
    /// The last saved state, nil when none was saved, or `.corrupt` when what is stored can't be read.
    func load() throws -> StoredBreakRecord?
    func save(_ record: BreakRecord) throws
}

/// What a record store found.
public enum StoredBreakRecord: Equatable, Sendable {
    case valid(BreakRecord)
    case corrupt
}
