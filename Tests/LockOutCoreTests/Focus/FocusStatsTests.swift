import Foundation
import Testing
@testable import LockOutCore

@Suite("FocusStats and the session detail")
struct FocusStatsTests {
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private static func record(
        _ activity: String?, day: Int, hour: Int, minutes actual: Double,
        segment: FocusSegment = .focus, outcome: FocusOutcome = .completed, mode: FocusMode = .pomodoro
    ) -> FocusSessionRecord {
        let start = berlin.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour))!
        return FocusSessionRecord(
            id: .forSegment(startedAt: start, mode: mode, segment: segment),
            activity: activity, mode: mode, segment: segment, planned: mode.countsDown ? 1500 : nil,
            actual: actual * 60, startedAt: start, endedAt: start.addingTimeInterval(actual * 60 + 120),
            outcome: outcome, day: LocalDate(start, in: berlin), timeZone: berlin.timeZone
        )
    }

    private static let sample = [
        record("Writing", day: 22, hour: 9, minutes: 25),
        record(nil, day: 22, hour: 10, minutes: 5, segment: .shortBreak),
        record("Reading", day: 22, hour: 11, minutes: 25),
        record("writing", day: 23, hour: 9, minutes: 10, outcome: .cancelled),
        record(nil, day: 23, hour: 10, minutes: 15, segment: .longBreak),
    ]

    @Test("Total focus time counts focus segments only, not pomodoro breaks")
    func totalExcludesBreaks() {
        let stats = FocusStats(Self.sample)
        #expect(stats.total.focusTime == 60 * 60)
        #expect(stats.total.sessions == 3)
    }

    @Test("A cancelled segment counts with the time it ran and is marked cancelled")
    func cancelledCounts() {
        let stats = FocusStats([Self.record("A", day: 22, hour: 9, minutes: 10, outcome: .cancelled)])
        #expect(stats.total == FocusTotals(sessions: 1, cancelled: 1, focusTime: 600))
    }

    @Test("The average length is focus time over focus sessions")
    func averageLength() {
        #expect(FocusStats(Self.sample).total.averageLength == 20 * 60)
    }

    @Test("With no sessions the average is 0, not NaN")
    func averageOfNothing() {
        #expect(FocusStats([]).total.averageLength == 0)
    }

    @Test("By activity groups names ignoring case, most time first, spelled as the newest record")
    func byActivity() {
        let rows = FocusStats(Self.sample).byActivity
        #expect(rows.map(\.activity) == ["writing", "Reading"])
        #expect(rows.map(\.totals.focusTime) == [35 * 60, 25 * 60])
        #expect(rows.map(\.totals.cancelled) == [1, 0])
    }

    @Test("The statistics screen writes the totals and each activity's line for people")
    func statsScreen() {
        let screen = FocusStatsScreen(FocusStats(Self.sample + [Self.record(nil, day: 23, hour: 12, minutes: 5, mode: .stopwatch)]))
        #expect(screen.focusTime == "1h5m")
        #expect(screen.sessions == "4 sessions, 1 cancelled")
        #expect(screen.averageLength == "16m15s")
        #expect(screen.byActivity.map(\.activity) == ["writing", "Reading", FocusSessionDetail.noActivity])
        #expect(screen.byActivity.map(\.focusTime) == ["35m", "25m", "5m"])
        #expect(screen.byActivity.map(\.sessions) == ["2 sessions, 1 cancelled", "1 session", "1 session"])
    }

    @Test("The statistics screen of nothing shows no time and no average")
    func statsScreenEmpty() {
        let screen = FocusStatsScreen(FocusStats([]))
        #expect(screen.focusTime == "0s")
        #expect(screen.sessions == "0 sessions")
        #expect(screen.averageLength == "—")
        #expect(screen.byActivity.isEmpty)
    }

    @Test("By day lists each local day with focus, oldest first")
    func byDay() {
        let rows = FocusStats(Self.sample).byDay
        #expect(rows.map(\.day) == [LocalDate(year: 2026, month: 11, day: 22), LocalDate(year: 2026, month: 11, day: 23)])
        #expect(rows.map(\.totals.sessions) == [2, 1])
        #expect(rows.map(\.totals.focusTime) == [50 * 60, 10 * 60])
    }

    @Test("The detail of a pomodoro segment shows planned 25:00, actual, local times and outcome")
    func detailCountdown() {
        let detail = FocusSessionDetail(Self.record("Writing", day: 22, hour: 9, minutes: 24.5), calendar: Self.berlin)
        #expect(detail.activity == "Writing")
        #expect(detail.mode == "Pomodoro")
        #expect(detail.segment == "Focus")
        #expect(detail.planned == "25:00")
        #expect(detail.actual == "24:30")
        #expect(detail.startedAt == "2026-11-22 09:00")
        #expect(detail.endedAt == "2026-11-22 09:26")
        #expect(detail.outcome == "Completed")
    }

    @Test("The detail of an untagged stopwatch segment shows no plan and no activity")
    func detailCountUp() {
        let detail = FocusSessionDetail(
            Self.record(nil, day: 22, hour: 9, minutes: 40, outcome: .cancelled, mode: .stopwatch), calendar: Self.berlin
        )
        #expect(detail.activity == "No activity")
        #expect(detail.planned == "—")
        #expect(detail.outcome == "Cancelled")
    }

    @Test("The history line shows start, activity, mode, segment, actual over planned, outcome and id")
    func summaryLine() {
        let record = Self.record("Writing", day: 22, hour: 9, minutes: 10, outcome: .cancelled)
        let line = FocusSessionDetail(record, calendar: Self.berlin).summaryLine
        #expect(line == "2026-11-22 09:00  Writing  Pomodoro Focus  10:00/25:00  Cancelled  \(record.id)")
    }
}
