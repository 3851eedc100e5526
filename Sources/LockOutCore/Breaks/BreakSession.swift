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
    /// Taken by stepping away rather than answered: completed while the person was away for at least its
    /// duration. A session stored without it reads as false.
    public let natural: Bool

    public init(
        id: BreakSessionID,
        kind: BreakKind,
        dueAt: Date,
        endedAt: Date,
        outcome: BreakOutcome,
        snoozeCount: Int,
        day: LocalDate,
        timeZone: TimeZone,
        natural: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.dueAt = dueAt
        self.endedAt = endedAt
        self.outcome = outcome
        self.snoozeCount = snoozeCount
        self.day = day
        self.timeZone = timeZone
        self.natural = natural
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, dueAt, endedAt, outcome, snoozeCount, day, timeZone, natural
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(BreakSessionID.self, forKey: .id),
            kind: try container.decode(BreakKind.self, forKey: .kind),
            dueAt: try container.decode(Date.self, forKey: .dueAt),
            endedAt: try container.decode(Date.self, forKey: .endedAt),
            outcome: try container.decode(BreakOutcome.self, forKey: .outcome),
            snoozeCount: try container.decode(Int.self, forKey: .snoozeCount),
            day: try container.decode(LocalDate.self, forKey: .day),
            timeZone: try container.decode(TimeZone.self, forKey: .timeZone),
            natural: try container.decodeIfPresent(Bool.self, forKey: .natural) ?? false
        )
    }
}
