import Foundation
import Testing
import LockOutCore

private let berlin = BreakFixture.berlin

private let today = LocalDate(year: 2026, month: 3, day: 31)

private func stat(daysAgo offset: Int, completed: Int, skipped: Int) -> DayStat {
    DayStat(date: today.adding(days: -offset, in: berlin), completed: completed, skipped: skipped)
}

@Suite("StatsReport")
struct StatsReportTests {
    @Test("a week's report encodes to the documented JSON shape, dates as YYYY-MM-DD")
    func exactJSON() throws {
        // Foundation on Linux does not keep key order, so stable output needs sorted keys.
        let stats = [stat(daysAgo: 0, completed: 4, skipped: 0), stat(daysAgo: 2, completed: 2, skipped: 2)]
        let report = StatsReport(range: .week, stats: stats, today: today, calendar: berlin)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let empty = #""natural":0,"rate":0,"skipped":0"#
        let expected = #"{"days":["#
            + #"{"completed":0,"date":"2026-03-25",\#(empty)},{"completed":0,"date":"2026-03-26",\#(empty)},"#
            + #"{"completed":0,"date":"2026-03-27",\#(empty)},{"completed":0,"date":"2026-03-28",\#(empty)},"#
            + #"{"completed":2,"date":"2026-03-29","natural":0,"rate":0.5,"skipped":2},"#
            + #"{"completed":0,"date":"2026-03-30",\#(empty)},"#
            + #"{"completed":4,"date":"2026-03-31","natural":0,"rate":1,"skipped":0}],"#
            + #""summary":{"natural":0,"rate":0.75,"streak":1,"total":8}}"#
        let actual = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(actual == expected)
    }

    @Test("decoding the JSON gives the same report back")
    func roundTrip() throws {
        let stats = [stat(daysAgo: 0, completed: 4, skipped: 1), stat(daysAgo: 9, completed: 2, skipped: 2)]
        let report = StatsReport(range: .twoWeeks, stats: stats, today: today, calendar: berlin)
        let decoded = try JSONDecoder().decode(StatsReport.self, from: try JSONEncoder().encode(report))
        #expect(decoded == report)
    }

    @Test("decoding rejects a number of days that is not a range")
    func decodeRejectsOddLength() throws {
        let text = #"{"days":[{"date":"2026-03-31","completed":1,"skipped":0,"rate":1}],"summary":{"total":1,"rate":1,"streak":1}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StatsReport.self, from: Data(text.utf8))
        }
    }

    @Test("every day of the range has a row, oldest first, zero-filled where the input has none")
    func zeroFilled() {
        let stats = [stat(daysAgo: 5, completed: 1, skipped: 2), stat(daysAgo: 1, completed: 3, skipped: 0)]
        let report = StatsReport(range: .week, stats: stats, today: today, calendar: berlin)
        let expected = (0..<7).reversed().map { offset in
            stats.first { $0.date == today.adding(days: -offset, in: berlin) } ?? stat(daysAgo: offset, completed: 0, skipped: 0)
        }
        #expect(report.days.map(\.stat) == expected)
    }

    @Test("a 30-day range runs from 29 days ago to today across a month boundary")
    func monthRange() throws {
        let report = StatsReport(range: .month, stats: [], today: today, calendar: berlin)
        #expect(report.days.count == 30)
        #expect(report.days.first?.date == LocalDate(year: 2026, month: 3, day: 2))
        #expect(report.days.last?.date == today)
        let dates = report.days.map(\.date)
        #expect(Set(dates).count == 30)
        #expect(dates == dates.sorted())
    }

    @Test("a 30-day range ending early in a month starts in the month before")
    func monthRangeAcrossMonths() {
        let report = StatsReport(range: .month, stats: [], today: LocalDate(year: 2026, month: 3, day: 5), calendar: berlin)
        #expect(report.days.first?.date == LocalDate(year: 2026, month: 2, day: 4))
    }

    @Test("summary total and rate cover only the days of the range")
    func summaryCoversRange() {
        let stats = [stat(daysAgo: 10, completed: 0, skipped: 9), stat(daysAgo: 0, completed: 3, skipped: 1)]
        let report = StatsReport(range: .week, stats: stats, today: today, calendar: berlin)
        #expect(report.summary.total == 4)
        #expect(report.summary.rate == 0.75)
    }

    @Test("summary streak counts over all the history given, beyond the range")
    func summaryStreakUsesAllStats() {
        let stats = (0..<10).map { stat(daysAgo: $0, completed: 5, skipped: 0) }
        let report = StatsReport(range: .week, stats: stats, today: today, calendar: berlin)
        #expect(report.summary.streak == 10)
    }

    @Test("StatsRange parses 7, 14 and 30 days")
    func rangeParses() throws {
        #expect(try StatsRange(days: 7) == .week)
        #expect(try StatsRange(days: 14) == .twoWeeks)
        #expect(try StatsRange(days: 30) == .month)
    }

    @Test("StatsRange rejects other numbers with an error listing 7, 14 and 30")
    func rangeRejects() {
        #expect(throws: StatsInputError.unsupportedRange(days: 10)) { try StatsRange(days: 10) }
        #expect(StatsInputError.unsupportedRange(days: 10).description == "a range of 10 days is not supported: use 7, 14 or 30")
    }

    @Test("chart bars scale to the busiest day and split it into completed and skipped")
    func chartBarsScale() {
        let stats = [stat(daysAgo: 1, completed: 3, skipped: 1), stat(daysAgo: 0, completed: 2, skipped: 0)]
        let bars = StatsReport(range: .week, stats: stats, today: today, calendar: berlin).chartBars(width: 20)
        #expect(bars.count == 7)
        #expect(bars.dropLast(2).allSatisfy { $0.completedLength == 0 && $0.skippedLength == 0 })
        #expect(bars[5] == ChartBar(date: stats[0].date, completed: 3, skipped: 1, completedLength: 15, skippedLength: 5))
        #expect(bars[6] == ChartBar(date: today, completed: 2, skipped: 0, completedLength: 10, skippedLength: 0))
    }

    @Test("rounded chart parts add up to the rounded whole bar")
    func chartBarsRounding() {
        // 1 of 3 completed on a 3-break max at width 10: whole 10, completed 3.33 → 3, skipped 7.
        let stats = [stat(daysAgo: 0, completed: 1, skipped: 2)]
        let bar = StatsReport(range: .week, stats: stats, today: today, calendar: berlin).chartBars(width: 10).last
        #expect(bar?.completedLength == 3)
        #expect(bar?.skippedLength == 7)
    }

    @Test("chart bars are empty when no break fell due")
    func chartBarsNoBreaks() {
        let bars = StatsReport(range: .week, stats: [], today: today, calendar: berlin).chartBars(width: 20)
        #expect(bars.allSatisfy { $0.completedLength == 0 && $0.skippedLength == 0 })
    }
}
