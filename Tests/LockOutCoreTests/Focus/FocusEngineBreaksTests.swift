import Foundation
import Testing
@testable import LockOutCore

@Suite("Breaks and focus: pomodoro breaks that count as breaks, holding breaks during focus")
struct FocusEngineBreaksTests {
    private func pomodoroBreak(actual: TimeInterval, segment: FocusSegment = .shortBreak, mode: FocusMode = .pomodoro) -> FocusSessionRecord {
        FocusSessionRecord(
            id: .forSegment(startedAt: FocusFixture.t0, mode: mode, segment: segment),
            activity: nil,
            mode: mode,
            segment: segment,
            planned: 300,
            actual: actual,
            startedAt: FocusFixture.t0,
            endedAt: FocusFixture.t0.addingTimeInterval(actual),
            outcome: .completed,
            day: LocalDate(FocusFixture.t0, in: FocusFixture.berlin),
            timeZone: FocusFixture.berlin.timeZone
        )
    }

    @Test("a 5-minute break counts as every default break (the long one lasts exactly 5 minutes)")
    func fiveMinutesCountsAll() {
        #expect(pomodoroBreak(actual: 300).breaksCounted(settings: .defaults) == [.eye, .micro, .long])
    }

    @Test("a break shorter than the long break's duration counts only the shorter kinds")
    func shorterBreak() {
        #expect(pomodoroBreak(actual: 299).breaksCounted(settings: .defaults) == [.eye, .micro])
    }

    @Test("a break too short for any kind counts nothing")
    func tooShort() {
        #expect(pomodoroBreak(actual: 10).breaksCounted(settings: .defaults).isEmpty)
    }

    @Test("disabled break kinds are never counted")
    func disabledNotCounted() {
        var settings = BreakSettings.defaults
        settings.micro.enabled = false
        #expect(pomodoroBreak(actual: 900, segment: .longBreak).breaksCounted(settings: settings) == [.eye, .long])
    }

    @Test("a focus segment counts as no break")
    func focusCountsNothing() {
        #expect(pomodoroBreak(actual: 1500, segment: .focus).breaksCounted(settings: .defaults).isEmpty)
    }

    @Test("by default breaks are not held during focus")
    func notHeldByDefault() throws {
        #expect(try FocusFixture.started(.timer).holdsBreaks == false)
    }

    @Test("with the setting on, breaks are held while a focus segment runs")
    func heldDuringFocus() throws {
        #expect(try FocusFixture.started(.pomodoro, settings: FocusSettings(holdBreaksDuringFocus: true)).holdsBreaks)
    }

    @Test("with the setting on, breaks are not held during a pomodoro break")
    func notHeldDuringBreak() throws {
        var engine = try FocusFixture.started(.pomodoro, settings: FocusSettings(holdBreaksDuringFocus: true))
        FocusFixture.tick(&engine, at: FocusFixture.at(25))
        #expect(engine.holdsBreaks == false)
    }
}
