import Foundation
import Testing
import LockOutCore

private let berlin = BreakFixture.berlin

private let today = LocalDate(year: 2026, month: 11, day: 22)

/// Ten years of days, oldest first, as the store returns them: every seventh day has no breaks,
/// every other day is compliant except the one 400 days ago.
private let tenYears: [DayStat] = (0..<3650).reversed().compactMap { daysAgo in
    guard daysAgo % 7 != 3 else { return nil }
    return DayStat(date: today.adding(days: -daysAgo, in: berlin), completed: daysAgo == 400 ? 5 : 9, skipped: 2, natural: daysAgo % 2)
}

/// The same counts unsorted and split in two entries per day, the way other callers may pass them.
private let tenYearsShuffled: [DayStat] = tenYears.reversed().flatMap { stat in
    [
        DayStat(date: stat.date, completed: stat.completed - 1, skipped: 0, natural: stat.natural),
        DayStat(date: stat.date, completed: 1, skipped: stat.skipped),
    ]
}

/// Statistics over years of history take a fast path when the days come sorted and unique, and must
/// give what they give for the same days in any order.
@Suite("Statistics over a long history")
struct StatsLongHistoryTests {
    @Test("the streak counts the days with breaks since the last day below 0.8, across years")
    func streakOverYears() {
        // 399 days since the failing one, of which those with daysAgo % 7 == 3 had no breaks.
        let expected = (0..<400).filter { $0 % 7 != 3 }.count

        #expect(ComplianceCalculator.streakDays(stats: tenYears, today: today, calendar: berlin) == expected)
        #expect(ComplianceCalculator.streakDays(stats: tenYearsShuffled, today: today, calendar: berlin) == expected)
    }

    @Test("a report over years of sorted history equals the one over the same counts unsorted and split", arguments: StatsRange.allCases)
    func reportIgnoresOrder(range: StatsRange) {
        let sorted = StatsReport(range: range, stats: tenYears, today: today, calendar: berlin)
        let shuffled = StatsReport(range: range, stats: tenYearsShuffled, today: today, calendar: berlin)

        #expect(sorted == shuffled)
        #expect(sorted.days.last?.stat == DayStat(date: today, completed: 9, skipped: 2, natural: 0))
        #expect(sorted.summary.natural == (0..<range.days).filter { $0 % 7 != 3 && $0 % 2 == 1 }.count)
        #expect(sorted.summary.streak == (0..<400).filter { $0 % 7 != 3 }.count)
    }

    @Test("the CSV of years of sorted history equals the one of the same counts unsorted and split")
    func csvIgnoresOrder() {
        let csv = CSVExport.dailyCSV(tenYears)

        #expect(csv == CSVExport.dailyCSV(tenYearsShuffled))
        #expect(csv.split(separator: "\r\n").count == 1 + tenYears.count)
        #expect(csv.hasSuffix("\r\n2026-11-21,9,2,1\r\n2026-11-22,9,2,0\r\n"))
    }
}
