import Foundation
import Testing
import LockOutCore

private let berlin = BreakFixture.berlin

private let today = LocalDate(year: 2026, month: 3, day: 31)

private func stat(daysAgo offset: Int, completed: Int, skipped: Int) -> DayStat {
    DayStat(date: today.adding(days: -offset, in: berlin), completed: completed, skipped: skipped)
}

private func screen(_ stats: [DayStat], range: StatsRange = .week, width: Int = 40) -> StatisticsScreen {
    StatisticsScreen(report: StatsReport(range: range, stats: stats, today: today, calendar: berlin), chartWidth: width)
}

@Suite("Screen models")
struct ScreenModelTests {
    @Test("statistics offers 7, 14 and 30 days with the report's range selected")
    func statisticsRangeOptions() {
        let options = screen([], range: .twoWeeks).rangeOptions
        #expect(options.map(\.days) == [7, 14, 30])
        #expect(options.map(\.label) == ["7 days", "14 days", "30 days"])
        #expect(options.map(\.selected) == [false, true, false])
    }

    @Test("statistics summary row shows total sessions, a whole-percent rate and the streak in days")
    func statisticsSummary() {
        let stats = (0..<4).map { stat(daysAgo: $0, completed: 5, skipped: $0 == 0 ? 1 : 0) }
        let summary = screen(stats).summary
        #expect(summary.map(\.title) == ["Total sessions", "Rate", "Streak"])
        #expect(summary.map(\.value) == ["21", "95%", "4 days"])
    }

    @Test("natural breaks join the summary row after the total when some were taken")
    func statisticsNatural() {
        let stats = [DayStat(date: today, completed: 4, skipped: 1, natural: 2)]
        let summary = screen(stats).summary
        #expect(summary.map(\.title) == ["Total sessions", "Natural breaks", "Rate", "Streak"])
        #expect(summary.map(\.value) == ["5", "2", "80%", "1 day"])
    }

    @Test("a streak of one reads \"1 day\"")
    func statisticsStreakSingular() {
        #expect(screen([stat(daysAgo: 0, completed: 1, skipped: 0)]).summary.last?.value == "1 day")
    }

    @Test("rates show as whole percents", arguments: [(5.0 / 6.0, "83%"), (1.0, "100%"), (0.0, "0%"), (0.005, "1%")])
    func percent(rate: Double, text: String) {
        #expect(StatisticsScreen.percent(rate) == text)
    }

    @Test("statistics badge count is the breaks skipped today")
    func statisticsBadge() {
        let stats = [stat(daysAgo: 1, completed: 0, skipped: 4), stat(daysAgo: 0, completed: 1, skipped: 2)]
        #expect(screen(stats).badgeCount == 2)
    }

    @Test("statistics chart has one bar per day scaled to the requested width")
    func statisticsBars() {
        let bars = screen([stat(daysAgo: 0, completed: 2, skipped: 2)], range: .month, width: 12).bars
        #expect(bars.count == 30)
        #expect(bars.last?.completedLength == 6)
        #expect(bars.last?.skippedLength == 6)
    }

    @Test("the statistics screen survives a JSON round trip")
    func statisticsJSON() throws {
        let original = screen([stat(daysAgo: 0, completed: 3, skipped: 1)])
        let decoded = try JSONDecoder().decode(StatisticsScreen.self, from: try JSONEncoder().encode(original))
        #expect(decoded == original)
    }

    @Test("schedule has an Eye, Micro and Long Break section with their switches")
    func scheduleSections() {
        var settings = BreakSettings.defaults
        settings.micro.enabled = false
        let sections = ScheduleScreen(settings: settings).sections
        #expect(sections.map(\.title) == ["Eye Break", "Micro Break", "Long Break"])
        #expect(sections.map(\.kind) == [.eye, .micro, .long])
        #expect(sections.map(\.enabled) == [true, false, true])
    }

    @Test("schedule steppers carry the values and the allowed ranges")
    func scheduleSteppers() throws {
        let settings = BreakSettings(long: .init(enabled: true, intervalMinutes: 90, durationSeconds: 600))
        let long = try #require(ScheduleScreen(settings: settings).sections.last)
        #expect(long.interval == StepperField(title: "Interval", value: 90, range: 1...120, unit: "min"))
        #expect(long.duration == StepperField(title: "Duration", value: 600, range: 5...3600, unit: "s"))
    }

    @Test("schedule lists the working hours Monday first")
    func scheduleWorkingHours() {
        let hours = WorkingHours(windows: [
            1: .init(startMinute: 600, endMinute: 1440),
            2: .init(startMinute: 540, endMinute: 1020),
            6: .init(startMinute: 480, endMinute: 765),
        ])
        let rows = ScheduleScreen(settings: BreakSettings(workingHours: hours)).workingHours
        #expect(rows.map(\.name) == ["Monday", "Friday", "Sunday"])
        #expect(rows.map(\.weekday) == [2, 6, 1])
        #expect(rows.map(\.hours) == ["09:00–17:00", "08:00–12:45", "10:00–24:00"])
    }

    @Test("schedule has no working-hours rows when no schedule is set")
    func scheduleNoWorkingHours() {
        #expect(ScheduleScreen(settings: .defaults).workingHours.isEmpty)
    }

    @Test("settings has snooze and retention steppers with their ranges")
    func settingsSteppers() {
        let screen = SettingsScreen(settings: BreakSettings(snoozeMinutes: 10, retentionDays: 90))
        #expect(screen.snooze.value == 10)
        #expect(screen.snooze.range == 1...60)
        #expect(screen.retention.value == 90)
        #expect(screen.retention.range == 7...3650)
    }
}
