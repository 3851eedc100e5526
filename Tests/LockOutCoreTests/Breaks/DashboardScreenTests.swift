import Foundation
import Testing
@testable import LockOutCore

@Suite("Dashboard screen")
struct DashboardScreenTests {
    private let today = LocalDate(BreakFixture.t0, in: BreakFixture.berlin)

    private func screen(_ engine: BreakEngine, today stat: DayStat? = nil, now: Date) -> DashboardScreen {
        DashboardScreen(engine: engine, today: stat, now: now)
    }

    @Test("running: the next break with an MM:SS countdown")
    func runningCountdown() throws {
        let dashboard = screen(BreakFixture.running(), now: BreakFixture.at(7.5))
        let next = try #require(dashboard.nextBreak)
        #expect(next.kind == .eye)
        #expect(next.dueAt == BreakFixture.at(20))
        #expect(next.countdown == "12:30")
        #expect(next.secondsLeft == 750)
        #expect(dashboard.state == "running")
        #expect(dashboard.headline == "Eye Break in 12:30")
    }

    @Test("the next break names the longest kind of those falling due together")
    func nextBreakCoincident() throws {
        let engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(40), micro: BreakFixture.at(30), long: BreakFixture.t0)
        ))
        #expect(screen(engine, now: BreakFixture.at(50)).nextBreak?.kind == .long)
    }

    @Test("today's compliance as a whole percent")
    func compliancePercent() {
        let stat = DayStat(date: today, completed: 5, skipped: 1)
        let dashboard = screen(BreakFixture.running(), today: stat, now: BreakFixture.at(1))
        #expect(dashboard.todayCompliancePercent == "83%")
        #expect(dashboard.todayCompliance == 5.0 / 6.0)
        #expect(dashboard.skippedToday == 1)
    }

    @Test("today's compliance is \"—\" when no break fell due today", arguments: [nil, DayStat(date: LocalDate(year: 2023, month: 11, day: 14), completed: 0, skipped: 0)])
    func complianceWithoutBreaks(stat: DayStat?) {
        let dashboard = screen(BreakFixture.running(), today: stat, now: BreakFixture.at(1))
        #expect(dashboard.todayCompliancePercent == "—")
        #expect(dashboard.todayCompliance == nil)
    }

    @Test("the three toggles, one per kind, in order, with their state")
    func toggles() {
        let dashboard = screen(BreakFixture.running(settings: BreakFixture.only([.eye, .long])), now: BreakFixture.at(1))
        #expect(dashboard.toggles.map(\.kind) == [.eye, .micro, .long])
        #expect(dashboard.toggles.map(\.title) == ["Eye Break", "Micro Break", "Long Break"])
        #expect(dashboard.toggles.map(\.enabled) == [true, false, true])
    }

    @Test("idle: \"Breaks are stopped\"")
    func idleHeadline() {
        let dashboard = screen(BreakFixture.engine(.idle(at: BreakFixture.t0)), now: BreakFixture.at(1))
        #expect(dashboard.state == "idle")
        #expect(dashboard.headline == "Breaks are stopped")
        #expect(dashboard.nextBreak == nil)
    }

    @Test("paused: the local time the pause ends")
    func pausedHeadline() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pause(seconds: 600), now: BreakFixture.at(1))
        let dashboard = screen(engine, now: BreakFixture.at(1))
        #expect(dashboard.state == "paused")
        #expect(dashboard.headline == "Paused until 23:24")
        #expect(dashboard.pausedUntil == BreakFixture.at(11))
    }

    @Test("paused past midnight: the date and time the pause ends")
    func pausedUntilTomorrow() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pauseUntilTomorrow, now: BreakFixture.at(1))
        #expect(screen(engine, now: BreakFixture.at(1)).headline == "Paused until 2023-11-15 00:00")
    }

    @Test("idle outside working hours: when the next window opens")
    func idleOutsideWorkingHours() {
        let settings = BreakSettings(workingHours: BreakFixture.officeHours)
        let dashboard = screen(BreakFixture.engine(.idle(at: BreakFixture.t0), settings: settings), now: BreakFixture.at(1))
        #expect(dashboard.headline == "Outside working hours: breaks start at 2023-11-15 09:00")
    }

    @Test("stopped inside working hours: until the window ends")
    func idleStoppedInWindow() {
        var record = BreakRecord.idle(at: BreakFixture.t0)
        record.stoppedUntil = BreakFixture.at(30)
        let settings = BreakSettings(workingHours: BreakFixture.officeHours)
        let dashboard = screen(BreakFixture.engine(record, settings: settings), now: BreakFixture.at(1))
        #expect(dashboard.headline == "Breaks are stopped until 23:43")
    }

    @Test("paused until resumed: \"Paused\"")
    func pausedOpenEnded() throws {
        var engine = BreakFixture.running()
        _ = try engine.handle(.userPaused(until: nil), now: BreakFixture.at(1))
        #expect(screen(engine, now: BreakFixture.at(1)).headline == "Paused")
    }

    @Test("pending: \"Eye Break is due\" with the break on screen and Snooze allowed")
    func pendingHeadline() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let dashboard = screen(engine, now: BreakFixture.at(20))
        #expect(dashboard.state == "breakPending")
        #expect(dashboard.headline == "Eye Break is due")
        let current = try #require(dashboard.currentBreak)
        #expect(current.body == "Look at something 20 feet away for 20 seconds")
        #expect(current.canSnooze)
    }

    @Test("snoozed: when the break comes back")
    func snoozedHeadline() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        let dashboard = screen(engine, now: BreakFixture.at(21))
        #expect(dashboard.state == "snoozed")
        #expect(dashboard.headline == "Eye Break snoozed, back in 04:00")
        #expect(dashboard.currentBreak?.until == BreakFixture.at(25))
    }

    @Test("active: how long the break has left")
    func activeHeadline() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.takeBreakNow(.long), now: BreakFixture.at(1))
        let dashboard = screen(engine, now: BreakFixture.at(2))
        #expect(dashboard.state == "breakActive")
        #expect(dashboard.headline == "Long Break in progress, 04:00 left")
        #expect(dashboard.currentBreak?.countdown == "04:00")
    }

    @Test("running with every kind off: \"No break kind is enabled\"")
    func nothingEnabled() {
        let dashboard = screen(BreakFixture.running(settings: BreakFixture.only([])), now: BreakFixture.at(1))
        #expect(dashboard.headline == "No break kind is enabled")
    }

    @Test("running near the window's end with no break left: says when breaks stop, not that kinds are off")
    func noBreakLeftInWindow() {
        let settings = BreakSettings(workingHours: BreakFixture.officeHours)
        let start = BreakFixture.berlinDate(2026, 3, 10, 16, 45)
        let engine = BreakFixture.running(since: start, settings: settings, scheduledUntil: BreakFixture.berlinDate(2026, 3, 10, 17))
        let dashboard = screen(engine, now: start)
        #expect(dashboard.nextBreak == nil)
        #expect(dashboard.headline == "No more breaks today, working hours end in 15:00")
    }
}
