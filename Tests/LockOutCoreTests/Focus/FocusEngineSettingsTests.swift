import Foundation
import Testing
@testable import LockOutCore

@Suite("Focus settings: defaults, ranges, start durations and when they may change")
struct FocusEngineSettingsTests {
    @Test("defaults: timer 25, focus 25, short 5, long 15, 4 cycles, breaks not held")
    func defaults() {
        let settings = FocusSettings.defaults
        let values: [Int] = [settings.timerMinutes, settings.focusMinutes, settings.shortBreakMinutes, settings.longBreakMinutes, settings.cycles]
        #expect(values == [25, 25, 5, 15, 4])
        #expect(settings.holdBreaksDuringFocus == false)
    }

    @Test("a value just outside a setting's range throws settingOutOfRange naming the range", arguments: [
        (FocusSetting.timer, 0, 1...240), (.timer, 241, 1...240),
        (.focus, 4, 5...120), (.focus, 121, 5...120),
        (.shortBreak, 0, 1...30), (.shortBreak, 31, 1...30),
        (.longBreak, 4, 5...60), (.longBreak, 61, 5...60),
        (.cycles, 0, 1...10), (.cycles, 11, 1...10),
    ])
    func outOfRange(setting: FocusSetting, value: Int, allowed: ClosedRange<Int>) {
        #expect(throws: FocusInputError.settingOutOfRange(setting: setting, value: value, allowed: allowed)) {
            try FocusSettings.defaults.updating(setting, to: value)
        }
    }

    @Test("both ends of every range are accepted", arguments: FocusSetting.allCases)
    func rangeEndsAccepted(setting: FocusSetting) throws {
        #expect(try FocusSettings.defaults.updating(setting, to: setting.allowed.lowerBound)[setting] == setting.allowed.lowerBound)
        #expect(try FocusSettings.defaults.updating(setting, to: setting.allowed.upperBound)[setting] == setting.allowed.upperBound)
    }

    @Test("the range error says what is allowed")
    func errorText() {
        let error = FocusInputError.settingOutOfRange(setting: .focus, value: 200, allowed: 5...120)
        #expect(error.description == "focus of 200 min is out of range: allowed 5...120 min")
    }

    @Test("a start duration outside the mode's range throws durationOutOfRange and starts nothing", arguments: [
        (FocusMode.timer, 0, 1...240), (.timer, 241, 1...240),
        (.focus, 241, 1...240), (.pomodoro, 4, 5...120), (.pomodoro, 121, 5...120),
    ])
    func startDurationOutOfRange(mode: FocusMode, minutes: Int, allowed: ClosedRange<Int>) {
        var engine = FocusFixture.engine()
        #expect(throws: FocusInputError.durationOutOfRange(mode: mode, minutes: minutes, allowed: allowed)) {
            try engine.handle(.userStarted(FocusStart(mode: mode, durationMinutes: minutes)), now: FocusFixture.t0)
        }
        #expect(engine.record == .stopped)
    }

    @Test("a stopwatch takes no duration")
    func stopwatchNoDuration() {
        var engine = FocusFixture.engine()
        #expect(throws: FocusInputError.durationNotAllowed(mode: .stopwatch)) {
            try engine.handle(.userStarted(FocusStart(mode: .stopwatch, durationMinutes: 10)), now: FocusFixture.t0)
        }
    }

    @Test("unknown mode and setting names throw and name what is allowed")
    func unknownNames() {
        #expect(throws: FocusInputError.unknownMode("sprint")) { try FocusMode(parsing: "sprint") }
        #expect(throws: FocusInputError.unknownSetting("pause")) { try FocusSetting(parsing: "pause") }
        #expect(FocusInputError.unknownMode("sprint").description.contains("timer, pomodoro, stopwatch or focus"))
    }

    @Test("durations cannot change while running: settingsLockedWhileRunning, settings unchanged")
    func lockedWhileRunning() throws {
        var engine = try FocusFixture.started(.timer)
        #expect(throws: FocusInputError.settingsLockedWhileRunning) {
            try engine.update(settings: FocusSettings(timerMinutes: 10), now: FocusFixture.at(1))
        }
        #expect(engine.settings == .defaults)
    }

    @Test("holding breaks during focus may be switched while running")
    func holdSwitchableWhileRunning() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.update(settings: FocusSettings(holdBreaksDuringFocus: true), now: FocusFixture.at(1))
        #expect(engine.settings.holdBreaksDuringFocus)
    }

    @Test("an out-of-range update while stopped throws and keeps the old settings")
    func invalidUpdateKeepsOld() {
        var engine = FocusFixture.engine()
        #expect(throws: FocusInputError.settingOutOfRange(setting: .cycles, value: 0, allowed: 1...10)) {
            try engine.update(settings: FocusSettings(cycles: 0), now: FocusFixture.t0)
        }
        #expect(engine.settings == .defaults)
    }

    @Test("a new timer length while paused applies to the paused timer")
    func pausedTimerTakesNewLength() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        _ = try engine.update(settings: FocusSettings(timerMinutes: 40), now: FocusFixture.at(12))
        _ = try engine.handle(.userResumed, now: FocusFixture.at(20))
        #expect(engine.nextDeadline(now: FocusFixture.at(20)) == FocusFixture.at(50))
    }

    @Test("changing another setting while paused keeps a length given at start")
    func startLengthSurvivesOtherChanges() throws {
        var engine = try FocusFixture.started(.timer, minutes: 50)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        _ = try engine.update(settings: FocusSettings(cycles: 3), now: FocusFixture.at(12))
        #expect(FocusFixture.session(engine)?.planned == 3000)
    }
}
