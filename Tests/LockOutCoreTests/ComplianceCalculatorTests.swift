import Foundation
import Testing
import LockOutCore

private let berlin = BreakFixture.berlin

/// Tuesday 2026-03-31; Berlin moved its clocks forward on Sunday 2026-03-29.
private let today = LocalDate(year: 2026, month: 3, day: 31)

/// The stat of the day `offset` days before today.
private func stat(daysAgo offset: Int, completed: Int, skipped: Int) -> DayStat {
    DayStat(date: today.adding(days: -offset, in: berlin), completed: completed, skipped: skipped)
}

@Suite("ComplianceCalculator")
struct ComplianceCalculatorTests {
    @Test("overallRate is completed over completed plus skipped, across days")
    func overallRateAcrossDays() {
        let stats = [stat(daysAgo: 1, completed: 2, skipped: 0), stat(daysAgo: 0, completed: 1, skipped: 1)]
        #expect(ComplianceCalculator.overallRate(stats: stats) == 0.75)
    }

    @Test("overallRate is 0 when no break fell due")
    func overallRateEmpty() {
        #expect(ComplianceCalculator.overallRate(stats: []) == 0)
        #expect(ComplianceCalculator.overallRate(stats: [stat(daysAgo: 0, completed: 0, skipped: 0)]) == 0)
    }

    @Test("streakDays is 0 for an empty array")
    func streakEmpty() {
        #expect(ComplianceCalculator.streakDays(stats: [], today: today, calendar: berlin) == 0)
    }

    @Test("streakDays is 0 when every break was skipped")
    func streakAllSkipped() {
        let stats = (0..<5).map { stat(daysAgo: $0, completed: 0, skipped: 3) }
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 0)
    }

    @Test("streakDays is N for N consecutive fully compliant days, across a DST change")
    func streakConsecutive() {
        let stats = (0..<5).map { stat(daysAgo: $0, completed: 4, skipped: 0) }
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 5)
    }

    @Test("a day at exactly 0.8 counts towards the streak")
    func streakAtThreshold() {
        let stats = [stat(daysAgo: 1, completed: 5, skipped: 0), stat(daysAgo: 0, completed: 4, skipped: 1)]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 2)
    }

    @Test("streakDays is 0 when today has breaks below 0.8, even after compliant days")
    func streakTodayBelow() {
        let stats = [
            stat(daysAgo: 2, completed: 5, skipped: 0),
            stat(daysAgo: 1, completed: 5, skipped: 0),
            stat(daysAgo: 0, completed: 3, skipped: 1),
        ]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 0)
    }

    @Test("days with no breaks are passed over: they neither extend nor end the streak")
    func streakPassesOverEmptyDays() {
        let stats = [
            stat(daysAgo: 5, completed: 5, skipped: 0),
            stat(daysAgo: 4, completed: 1, skipped: 4),
            stat(daysAgo: 3, completed: 5, skipped: 0),
            // 2 days ago: missing from the input; yesterday: present with no breaks.
            stat(daysAgo: 1, completed: 0, skipped: 0),
            stat(daysAgo: 0, completed: 5, skipped: 0),
        ]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 2)
    }

    @Test("a day without breaks today does not end the streak of the days before")
    func streakTodayWithoutBreaks() {
        let stats = [stat(daysAgo: 2, completed: 3, skipped: 0), stat(daysAgo: 1, completed: 3, skipped: 0)]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 2)
    }

    @Test("the streak stops at the first earlier day below 0.8")
    func streakStopsAtNonCompliantDay() {
        let stats = [
            stat(daysAgo: 3, completed: 5, skipped: 0),
            stat(daysAgo: 2, completed: 5, skipped: 0),
            stat(daysAgo: 1, completed: 1, skipped: 1),
            stat(daysAgo: 0, completed: 5, skipped: 0),
        ]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 1)
    }

    @Test("streakDays reads unsorted input")
    func streakUnsorted() {
        let stats = [
            stat(daysAgo: 0, completed: 5, skipped: 0),
            stat(daysAgo: 3, completed: 0, skipped: 5),
            stat(daysAgo: 1, completed: 5, skipped: 0),
            stat(daysAgo: 2, completed: 5, skipped: 0),
        ]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 3)
    }

    @Test("days after today do not count")
    func streakIgnoresFuture() {
        let stats = [stat(daysAgo: -1, completed: 5, skipped: 0), stat(daysAgo: 0, completed: 5, skipped: 0)]
        #expect(ComplianceCalculator.streakDays(stats: stats, today: today, calendar: berlin) == 1)
    }

    @Test("todayRate is nil when no break fell due today")
    func todayRateNil() {
        let stats = [stat(daysAgo: 1, completed: 5, skipped: 0), stat(daysAgo: 0, completed: 0, skipped: 0)]
        #expect(ComplianceCalculator.todayRate(stats: stats, today: today) == nil)
    }

    @Test("todayRate adds up several entries for today")
    func todayRateMergesEntries() {
        let stats = [stat(daysAgo: 0, completed: 1, skipped: 1), stat(daysAgo: 0, completed: 3, skipped: 0)]
        #expect(ComplianceCalculator.todayRate(stats: stats, today: today) == 0.8)
    }

    @Test("badgeCount is the number of breaks skipped today")
    func badgeCount() {
        let stats = [stat(daysAgo: 1, completed: 0, skipped: 7), stat(daysAgo: 0, completed: 2, skipped: 3)]
        #expect(ComplianceCalculator.badgeCount(stats: stats, today: today) == 3)
    }

    @Test("badgeCount is 0 when nothing was recorded today")
    func badgeCountNoneToday() {
        #expect(ComplianceCalculator.badgeCount(stats: [stat(daysAgo: 1, completed: 0, skipped: 7)], today: today) == 0)
    }
}
