import Foundation
import Testing
@testable import LockOutCore

@Suite("Statistics chart points")
struct StatisticsChartPointTests {
    @Test("statistics chart points: per day completed then skipped, oldest day first")
    func chartPoints() {
        let today = LocalDate(year: 2026, month: 3, day: 31)
        let report = StatsReport(range: .week, stats: [DayStat(date: today, completed: 3, skipped: 1)], today: today, calendar: BreakFixture.berlin)
        let points = StatisticsScreen(report: report).chartPoints
        #expect(points.count == 14)
        #expect(points.first?.dayLabel == "2026-03-25")
        #expect(points.suffix(2).map(\.series) == [.completed, .skipped])
        #expect(points.suffix(2).map(\.count) == [3, 1])
        #expect(points.suffix(2).map(\.series.title) == ["Completed", "Skipped"])
        #expect(Set(points.map(\.id)).count == 14)
    }
}
