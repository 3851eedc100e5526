import Foundation

/// One stretch of a program in use: written as it happens, closed when another program takes over.
public struct UsageSession: Codable, Hashable, Sendable, Identifiable {
    public let id: UUID
    public let program: String
    public let category: ProgramCategory
    public let start: Date
    public var end: Date
    /// Seconds of `start...end` the person was active (idle past the timeout excluded).
    public var activeSeconds: Int

    public init(id: UUID, program: String, category: ProgramCategory, start: Date, end: Date, activeSeconds: Int) {
        self.id = id
        self.program = program
        self.category = category
        self.start = start
        self.end = end
        self.activeSeconds = activeSeconds
    }

    /// The day the record counts on: the local date of its end. A record that ends exactly at local midnight
    /// (closed there as the day ended) counts on the day that ends there: its time all lies before midnight.
    public func day(in calendar: Calendar) -> LocalDate {
        let day = LocalDate(end, in: calendar)
        return end > start && end == day.start(in: calendar) ? day.adding(days: -1, in: calendar) : day
    }
}

/// Effective time: what part of a stretch counts when the person stopped touching the machine.
public enum EffectiveTime {
    /// The active seconds of `from...to`, given that at `to` the person had been idle `idleSeconds` (nil: unknown,
    /// counted as present) or the screen was locked (idle since `lockedSince`, or the whole stretch).
    ///
    /// Idle time counts up to the timeout (a child reading the screen is not touching it), never beyond:
    /// the idle stretch began at `to - idleSeconds`, so only time before `idleStart + timeout` counts.
    public static func activeSeconds(
        from: Date, to: Date, idleSeconds: TimeInterval?, locked: Bool = false,
        timeout: TimeInterval = RewardRules.idleTimeout
    ) -> TimeInterval {
        let span = to.timeIntervalSince(from)
        guard span > 0 else { return 0 }
        if locked { return 0 }
        guard let idle = idleSeconds, idle > timeout else { return span }
        let countsUntil = to.addingTimeInterval(-idle + timeout)
        return max(0, min(span, countsUntil.timeIntervalSince(from)))
    }
}
