import Foundation

/// Compliance figures computed from per-day break counts: the overall rate, the streak, today's rate and the badge.
///
/// Input may be unsorted and sparse (the store returns only days that have sessions); several
/// entries for the same day are added together.
public enum ComplianceCalculator {
    /// The share of breaks completed that makes a day count towards a streak.
    public static let compliantRate = 0.8

    /// Completed breaks over all breaks that fell due: `completed / max(completed + skipped, 1)`, 0 when none fell due.
    public static func overallRate(stats: [DayStat]) -> Double {
        let completed = stats.reduce(0) { $0 + $1.completed }
        let skipped = stats.reduce(0) { $0 + $1.skipped }
        return Double(completed) / Double(max(completed + skipped, 1))
    }

    /// How many days in a row, ending today, had a compliance rate of at least ``compliantRate``.
    ///
    /// A day with no breaks (a weekend, the agent switched off) neither extends nor ends a streak:
    /// walking back one calendar day at a time from `today`, such days are passed over. The walk
    /// stops at the first day with breaks whose rate is below ``compliantRate`` (so the streak is 0
    /// when today has breaks and is below it) or before the earliest day in `stats`.
    /// Days after `today` are ignored; empty input gives 0.
    ///
    /// `calendar` is not needed any more (see ``streakDays(daily:today:)``); it stays so callers need not change.
    public static func streakDays(stats: [DayStat], today: LocalDate, calendar: Calendar) -> Int {
        streakDays(daily: daily(stats), today: today)
    }

    /// The streak over ``daily(_:)`` entries: one per day, oldest first.
    ///
    /// Passing over the days without breaks one calendar day at a time comes down to going through
    /// the days that have breaks, newest first. Doing that needs no calendar arithmetic, which cost
    /// about 20 ms over ten years of history.
    static func streakDays(daily stats: [DayStat], today: LocalDate) -> Int {
        var streak = 0
        for stat in stats.reversed() where stat.date <= today && stat.total > 0 {
            guard stat.complianceRate >= compliantRate else { break }
            streak += 1
        }
        return streak
    }

    /// Today's compliance rate, or nil when no break fell due today.
    public static func todayRate(stats: [DayStat], today: LocalDate) -> Double? {
        guard let stat = merged(stats)[today], stat.total > 0 else { return nil }
        return stat.complianceRate
    }

    /// How many breaks were skipped today: the number an app icon badge shows.
    public static func badgeCount(stats: [DayStat], today: LocalDate) -> Int {
        stats.reduce(0) { $0 + ($1.date == today ? $1.skipped : 0) }
    }

    /// One entry per day, oldest first, the counts of duplicate entries added together.
    static func daily(_ stats: [DayStat]) -> [DayStat] {
        // The store already returns each day once, oldest first: checking that is cheaper than merging.
        if zip(stats, stats.dropFirst()).allSatisfy({ $0.date < $1.date }) { return stats }
        return merged(stats).values.sorted { $0.date < $1.date }
    }

    /// One entry per day, the counts of duplicate entries added together.
    static func merged(_ stats: [DayStat]) -> [LocalDate: DayStat] {
        stats.reduce(into: [:]) { result, stat in
            let previous = result[stat.date]
            result[stat.date] = DayStat(
                date: stat.date,
                completed: stat.completed + (previous?.completed ?? 0),
                skipped: stat.skipped + (previous?.skipped ?? 0),
                natural: stat.natural + (previous?.natural ?? 0)
            )
        }
    }
}
