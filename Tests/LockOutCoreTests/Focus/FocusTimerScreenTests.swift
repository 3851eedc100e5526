import Foundation
import Testing
@testable import LockOutCore

@Suite("Focus timer screen: buttons, clock, pomodoro round, layout")
struct FocusTimerScreenTests {
    private func screen(_ engine: FocusEngine, at minutes: Double) -> FocusScreen {
        FocusScreen(engine: engine, now: FocusFixture.at(minutes))
    }

    @Test("stopped shows Start and the length each mode would start with")
    func stopped() {
        let screen = screen(FocusFixture.engine(settings: FocusSettings(timerMinutes: 40, focusMinutes: 50)), at: 0)
        #expect(screen.buttons == [.start])
        #expect(screen.clockText(startingIn: .timer) == "40:00")
        #expect(screen.clockText(startingIn: .timer, minutes: 5) == "05:00")
        #expect(screen.clockText(startingIn: .pomodoro) == "50:00")
        #expect(screen.clockText(startingIn: .stopwatch) == "00:00")
        #expect(screen.clockText(startingIn: .focus, minutes: 30) == "00:00")
        #expect(screen.segment == nil && screen.segmentText == nil && screen.roundText == nil)
    }

    @Test("a stopped pomodoro waiting for its short break starts with the break's length")
    func stoppedBeforeBreak() throws {
        var engine = try FocusFixture.started(.pomodoro)
        FocusFixture.tick(&engine, at: FocusFixture.at(25))
        _ = try engine.handle(.userStopped, now: FocusFixture.at(26))
        #expect(screen(engine, at: 26).clockText(startingIn: .pomodoro) == "05:00")
    }

    @Test("running shows Pause and Stop and the time left; paused shows Resume")
    func runningAndPaused() throws {
        var engine = try FocusFixture.started(.timer, minutes: 10)
        let running = screen(engine, at: 1.5)
        #expect(running.buttons == [.pause, .stop])
        #expect(running.clockText(startingIn: .stopwatch) == "08:30")
        _ = try engine.handle(.userPaused, now: FocusFixture.at(2))
        let paused = screen(engine, at: 5)
        #expect(paused.buttons == [.resume, .stop])
        #expect(paused.clockText(startingIn: .timer) == "08:00")
        #expect(FocusButton.allCases.map(\.title) == ["Start", "Pause", "Resume", "Stop", "Skip"])
    }

    @Test("a count-up shows the time run")
    func countUp() throws {
        let engine = try FocusFixture.started(.stopwatch)
        #expect(screen(engine, at: 2.25).clockText(startingIn: .timer) == "02:15")
    }

    @Test("a pomodoro offers Skip and names its segment and round")
    func pomodoroRound() throws {
        var engine = try FocusFixture.started(.pomodoro)
        var now = screen(engine, at: 1)
        #expect(now.buttons == [.pause, .stop, .skip])
        #expect(now.segmentText == "Focus")
        #expect(now.roundText == "Round 1 of 4")
        FocusFixture.tick(&engine, at: FocusFixture.at(25))
        now = screen(engine, at: 26)
        #expect(now.segmentText == "Short break")
        #expect(now.roundText == "Round 1 of 4")
        FocusFixture.tick(&engine, at: FocusFixture.at(30))
        now = screen(engine, at: 31)
        #expect(now.segmentText == "Focus")
        #expect(now.roundText == "Round 2 of 4")
    }

    @Test("the long break belongs to the cycle's last round")
    func longBreakRound() throws {
        var engine = try FocusFixture.started(.pomodoro, settings: FocusSettings(cycles: 1))
        FocusFixture.tick(&engine, at: FocusFixture.at(25))
        let now = screen(engine, at: 26)
        #expect(now.segmentText == "Long break")
        #expect(now.roundText == "Round 1 of 1")
    }

    @Test("start ranges and default minutes per mode")
    func startRanges() {
        #expect(FocusSettings.startRange(of: .timer) == 1...240)
        #expect(FocusSettings.startRange(of: .pomodoro) == 5...120)
        #expect(FocusSettings.startRange(of: .focus) == 1...240)
        #expect(FocusSettings.startRange(of: .stopwatch) == nil)
        #expect(FocusMode.allCases.map { FocusSettings.defaults.startMinutes(of: $0) } == [25, 25, nil, nil])
    }

    @Test("a wide window shows two columns, a narrow one one")
    func layout() {
        #expect(FocusLayout(width: .regular) == .twoColumns)
        #expect(FocusLayout(width: .compact) == .oneColumn)
        #expect(FocusLayout(width: .regular).columns == 2)
    }
}
