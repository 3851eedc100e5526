import Foundation

/// Identifies one recorded break.
public struct BreakSessionID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// How a break ended.
public enum BreakOutcome: String, Codable, Hashable, Sendable, CaseIterable {
    case completed
    case skipped
}

/// One break that fell due and how the person answered it.
public struct BreakSession: Codable, Hashable, Sendable, Identifiable {
    public let id: BreakSessionID
    public let kind: BreakKind
    /// When the break fell due.
    public let dueAt: Date
    /// When it was completed or skipped.
    public let endedAt: Date
    public let outcome: BreakOutcome
    /// How many times it was snoozed first.
    public let snoozeCount: Int
    /// The local day it counts for: the day it ended, in `timeZone`, fixed when recorded.
    public let day: LocalDate
    /// The time zone it was recorded in, kept so its day stays the day where it happened after the
    /// device moves to another zone.
    public let timeZone: TimeZone

    public init(
        id: BreakSessionID,
        kind: BreakKind,
        dueAt: Date,
        endedAt: Date,
        outcome: BreakOutcome,
        snoozeCount: Int,
        day: LocalDate,
        timeZone: TimeZone
    ) {
        self.id = id
        self.kind = kind
        self.dueAt = dueAt
        self.endedAt = endedAt
        self.outcome = outcome
        self.snoozeCount = snoozeCount
        self.day = day
        self.timeZone = timeZone
    }
}
