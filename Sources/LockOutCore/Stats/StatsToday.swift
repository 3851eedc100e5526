import Foundation

/// Which local day statistics call today.
///
/// A break counts for the local day on which it ended, in the time zone where it ended, and keeps
/// that day when the device moves. After flying west the local calendar goes back while the later
/// day's breaks are already recorded: today is then that later day, the latest one recorded, until
/// the local calendar reaches it, so nothing already done drops out of today, the chart or the export.
/// Flying east needs nothing: the calendar moves on and earlier days stay where they were.
public enum StatsToday {
    /// How far back sessions are looked at. A session's own day is at most two days ahead of the local
    /// day at the same instant (UTC+14 against UTC−12): only one that ended in the last 50 hours can be.
    public static let lookBack: TimeInterval = 50 * 3_600

    /// Today: the local day of `now` in `calendar`, or `latestRecorded` when that is later.
    public static func day(now: Date, calendar: Calendar, latestRecorded: LocalDate?) -> LocalDate {
        let local = LocalDate(now, in: calendar)
        guard let latestRecorded, local < latestRecorded else { return local }
        return latestRecorded
    }
}

extension BreakHistory {
    /// Today as statistics count it at `now` (see ``StatsToday``); sessions that end after `now` (a
    /// clock set back) never move it.
    public func today(now: Date, calendar: Calendar) throws -> LocalDate {
        let latest = try latestDay(endedFrom: now.addingTimeInterval(-StatsToday.lookBack), through: now)
        return StatsToday.day(now: now, calendar: calendar, latestRecorded: latest)
    }
}

extension FocusHistory {
    /// Today for focus statistics, by the rule of ``StatsToday``: a segment that started by `now` on a
    /// later day than the local calendar's, where it started, makes that day today.
    public func today(now: Date, calendar: Calendar) throws -> LocalDate {
        let local = LocalDate(now, in: calendar)
        let later = try sessions(FocusHistoryQuery(from: local.adding(days: 1, in: calendar))).filter { $0.startedAt <= now }
        return StatsToday.day(now: now, calendar: calendar, latestRecorded: later.map(\.day).max())
    }
}
