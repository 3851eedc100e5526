import Foundation
import Testing
@testable import LockOutCore

/// Today for statistics on a trip. 2026-03-11T16:00:00Z is 01:00 on 03-12 in Tokyo and 09:00 on
/// 03-11 in Los Angeles; 2026-03-11T06:00:00Z is 23:00 on 03-10 in Los Angeles and 15:00 on 03-11 in Tokyo.
@Suite("Statistics: today across time zones")
struct StatsTodayTests {
    private static func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }

    private static let tokyo = calendar("Asia/Tokyo")
    private static let losAngeles = calendar("America/Los_Angeles")

    private static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    /// A completed eye break that ended at `ended`, recorded in `calendar`'s zone.
    private static func session(ended: Date, in calendar: Calendar) -> BreakSession {
        BreakSession(
            id: BreakEngine.sessionID(kind: .eye, dueAt: ended), kind: .eye, dueAt: ended, endedAt: ended,
            outcome: .completed, snoozeCount: 0, day: LocalDate(ended, in: calendar), timeZone: calendar.timeZone
        )
    }

    @Test("flying west: today is the later day already recorded, so the chart and today's rate show the break")
    func west() throws {
        let history = InMemoryBreakHistory([Self.session(ended: Self.utc("2026-03-11T16:00:00Z"), in: Self.tokyo)])
        let now = Self.utc("2026-03-11T17:00:00Z")
        let today = try history.today(now: now, calendar: Self.losAngeles)
        #expect(today == LocalDate(year: 2026, month: 3, day: 12))
        let report = StatsReport(range: .week, stats: history.dayStats(from: today.adding(days: -6, in: Self.losAngeles), through: today),
                                 today: today, calendar: Self.losAngeles)
        #expect(report.days.last?.date == today)
        #expect(report.days.last?.completed == 1)
        #expect(ComplianceCalculator.todayRate(stats: history.dayStats(from: today, through: today), today: today) == 1)
    }

    @Test("flying east: the calendar's day is today and the break stays on its own earlier day")
    func east() throws {
        let history = InMemoryBreakHistory([Self.session(ended: Self.utc("2026-03-11T06:00:00Z"), in: Self.losAngeles)])
        let today = try history.today(now: Self.utc("2026-03-11T08:00:00Z"), calendar: Self.tokyo)
        #expect(today == LocalDate(year: 2026, month: 3, day: 11))
        #expect(history.dayStats(from: today.adding(days: -1, in: Self.tokyo), through: today)
            == [DayStat(date: LocalDate(year: 2026, month: 3, day: 10), completed: 1, skipped: 0)])
    }

    @Test("once the calendar reaches the recorded day, today moves on with it")
    func calendarCatchesUp() throws {
        let history = InMemoryBreakHistory([Self.session(ended: Self.utc("2026-03-11T16:00:00Z"), in: Self.tokyo)])
        #expect(try history.today(now: Self.utc("2026-03-13T09:00:00Z"), calendar: Self.losAngeles) == LocalDate(year: 2026, month: 3, day: 13))
    }

    @Test("a session that ended after now (a clock set back) never moves today")
    func futureSessionIgnored() throws {
        let history = InMemoryBreakHistory([Self.session(ended: Self.utc("2026-03-13T16:00:00Z"), in: Self.tokyo)])
        #expect(try history.today(now: Self.utc("2026-03-11T17:00:00Z"), calendar: Self.losAngeles) == LocalDate(year: 2026, month: 3, day: 11))
    }
}
