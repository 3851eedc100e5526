import Foundation

/// Identifies one recorded focus segment.
public struct FocusSessionID: UUIDIdentifier {
    /// The underlying UUID.
    public let rawValue: UUID
    /// Wraps a UUID.
    public init(rawValue: UUID) { self.rawValue = rawValue }

    /// The same segment always gets the same id, so saving it twice after a crash stores it once.
    ///
    /// A version-8 UUID: the start's 48-bit Unix milliseconds, the version nibble, the variant with the
    /// segment, the mode, and "LF" (LockOut Focus), so it never equals a break session's id ("LO").
    public static func forSegment(startedAt: Date, mode: FocusMode, segment: FocusSegment) -> FocusSessionID {
        let uuid = DeterministicUUID.make(at: startedAt, tail: [
            0x80 | UInt8(FocusSegment.allCases.firstIndex(of: segment) ?? 0),
            UInt8(FocusMode.allCases.firstIndex(of: mode) ?? 0),
            0x4C, 0x46,
        ])
        return FocusSessionID(rawValue: uuid)
    }
}

/// How a focus segment ended.
public enum FocusOutcome: String, Codable, Hashable, Sendable, CaseIterable {
    /// It ran its course, was skipped to the next pomodoro segment, or a count-up session was stopped.
    case completed
    /// A countdown was stopped before its end.
    case cancelled
}

/// One focus segment as the history keeps it.
public struct FocusSessionRecord: Codable, Hashable, Sendable, Identifiable {
    /// The segment's stable id.
    public let id: FocusSessionID
    /// The activity the time was tagged with.
    public let activity: String?
    /// The mode it ran in.
    public let mode: FocusMode
    /// Focus, short break or long break.
    public let segment: FocusSegment
    /// How long it should have run, in seconds; nil for the modes that count up.
    public let planned: TimeInterval?
    /// How long it really ran, in seconds, pauses excluded.
    public let actual: TimeInterval
    /// When it started.
    public let startedAt: Date
    /// When it ended.
    public let endedAt: Date
    /// Completed or cancelled.
    public let outcome: FocusOutcome
    /// The local day it counts for: the day it started, in `timeZone`, fixed when recorded. A segment
    /// across midnight counts, all of it, for the day it started.
    public let day: LocalDate
    /// The time zone it started in: its day, and its times as lists show them, are read there.
    public let timeZone: TimeZone

    /// A record with every field given.
    public init(
        id: FocusSessionID,
        activity: String?,
        mode: FocusMode,
        segment: FocusSegment,
        planned: TimeInterval?,
        actual: TimeInterval,
        startedAt: Date,
        endedAt: Date,
        outcome: FocusOutcome,
        day: LocalDate,
        timeZone: TimeZone
    ) {
        self.id = id
        self.activity = activity
        self.mode = mode
        self.segment = segment
        self.planned = planned
        self.actual = actual
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.outcome = outcome
        self.day = day
        self.timeZone = timeZone
    }

    /// Whether the segment was focused work, as focus-time statistics count it.
    public var isFocus: Bool { !segment.isBreak }
}
