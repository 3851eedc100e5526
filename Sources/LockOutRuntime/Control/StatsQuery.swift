import Foundation
import LockOutCore

/// Reads statistics from the history; the aggregation itself runs in the database.
public struct StatsQuery: Sendable {
    /// How far back a streak or an export looks: the longest retention allowed.
    public static let lookBackDays = BreakSettings.retentionRange.upperBound

    private let history: any BreakHistory
    private let calendar: Calendar

    public init(history: any BreakHistory, calendar: Calendar) {
        self.history = history
        self.calendar = calendar
    }

    /// The report for the `range` days ending today (``StatsToday``); the streak looks at the whole history.
    public func report(range: StatsRange, now: Date) throws -> StatsReport {
        let today = try history.today(now: now, calendar: calendar)
        return StatsReport(range: range, stats: try allDays(through: today), today: today, calendar: calendar)
    }

    /// Every day with breaks, oldest first, up to today (``StatsToday``).
    public func allDays(now: Date) throws -> [DayStat] {
        try allDays(through: try history.today(now: now, calendar: calendar))
    }

    private func allDays(through today: LocalDate) throws -> [DayStat] {
        try history.dayStats(from: today.adding(days: -Self.lookBackDays, in: calendar), through: today)
    }
}
