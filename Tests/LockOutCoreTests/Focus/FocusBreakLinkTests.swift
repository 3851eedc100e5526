import Foundation
import Testing
@testable import LockOutCore

/// Both engines driven as the runtime drives them: a focus transition, its break events in order, then the break tick.
private struct Engines {
    var focus: FocusEngine
    var breaks: BreakEngine
    /// The break events of the last focus transition.
    var events: [BreakEvent] = []
    /// Every break effect so far.
    var breakEffects: [BreakEffect] = []

    /// Breaks running since t0 with the default settings, focus stopped with the hold setting as given.
    init(hold: Bool = true) {
        self.init(focusSettings: FocusSettings(holdBreaksDuringFocus: hold))
    }

    /// Breaks running since t0 with the default settings, focus stopped with `focusSettings`.
    init(focusSettings: FocusSettings) {
        focus = FocusFixture.engine(settings: focusSettings)
        breaks = BreakFixture.running()
    }

    /// What the runtime does on waking from a suspend: the break record is reconciled before anything runs.
    mutating func wake(at now: Date) {
        let record = BreakReconciler.reconcile(
            record: .valid(breaks.record), pendingAlarms: [], settings: breaks.settings, calendar: breaks.calendar, now: now
        )
        breaks = BreakEngine(record: record, settings: breaks.settings, calendar: breaks.calendar)
    }

    mutating func send(_ event: FocusEvent, at now: Date) throws {
        let before = focus
        let effects = try focus.handle(event, now: now)
        link(before: before, effects: effects, now: now)
        try finish(at: now)
    }

    mutating func setFocusSettings(_ settings: FocusSettings, at now: Date) throws {
        let before = focus
        let effects = try focus.update(settings: settings, now: now)
        link(before: before, effects: effects, now: now)
        try finish(at: now)
    }

    mutating func tick(at now: Date) throws {
        try send(.tick, at: now)
    }

    private mutating func link(before: FocusEngine, effects: [FocusEffect], now: Date) {
        events = FocusBreakLink.breakEvents(before: before, after: focus, effects: effects, breakSettings: breaks.settings, now: now)
    }

    private mutating func finish(at now: Date) throws {
        for event in events { breakEffects += try breaks.handle(event, now: now) }
        breakEffects += try breaks.handle(.tick, now: now)
    }

    var sessions: [BreakSession] { BreakFixture.saved(breakEffects) }
}

@Suite("Linking focus sessions to breaks")
struct FocusBreakLinkTests {
    private let pomodoro = FocusEvent.userStarted(FocusStart(mode: .pomodoro))

    @Test("starting a focus segment with the hold setting on starts the hold")
    func startHolds() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        #expect(engines.events == [.focusHoldStarted])
        #expect(engines.breaks.record.heldSince == FocusFixture.t0)
    }

    @Test("with the hold setting off, starting focus holds nothing")
    func settingOffNoHold() throws {
        var engines = Engines(hold: false)
        try engines.send(pomodoro, at: FocusFixture.t0)
        #expect(engines.events.isEmpty)
    }

    @Test("the focus segment's end ends the hold at that end, even when noticed later")
    func segmentEndEndsHold() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.tick(at: FocusFixture.at(27))
        #expect(engines.events == [.focusHoldEnded(at: FocusFixture.at(25))])
    }

    @Test("pausing the focus segment ends the hold now; resuming starts it again")
    func pauseAndResume() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.send(.userPaused, at: FocusFixture.at(10))
        #expect(engines.events == [.focusHoldEnded(at: FocusFixture.at(10))])
        try engines.send(.userResumed, at: FocusFixture.at(12))
        #expect(engines.events == [.focusHoldStarted])
    }

    @Test("stopping the focus segment ends the hold at the stop")
    func stopEndsHold() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.send(.userStopped, at: FocusFixture.at(10))
        #expect(engines.events == [.focusHoldEnded(at: FocusFixture.at(10))])
    }

    @Test("turning the setting off mid-segment ends the hold now; turning it on starts it")
    func settingToggled() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.setFocusSettings(FocusSettings(holdBreaksDuringFocus: false), at: FocusFixture.at(5))
        #expect(engines.events == [.focusHoldEnded(at: FocusFixture.at(5))])
        try engines.setFocusSettings(FocusSettings(holdBreaksDuringFocus: true), at: FocusFixture.at(6))
        #expect(engines.events == [.focusHoldStarted])
    }

    @Test("a long-enough pomodoro break is credited even with the hold setting off")
    func creditWithoutHold() throws {
        var engines = Engines(hold: false)
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.tick(at: FocusFixture.at(25))
        try engines.tick(at: FocusFixture.at(30))
        #expect(engines.events == [.restTaken(kinds: [.eye, .micro, .long], endedAt: FocusFixture.at(30))])
    }

    @Test("a pomodoro break stopped after 10 seconds credits nothing")
    func tooShortCreditsNothing() throws {
        var engines = Engines(hold: false)
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.tick(at: FocusFixture.at(25))
        try engines.send(.userStopped, at: FocusFixture.at(25).addingTimeInterval(10))
        #expect(engines.events.isEmpty)
    }

    @Test("a pomodoro: focus ends → held breaks fall due → the short break's end credits them → the next focus holds")
    func pomodoroSequence() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)

        // The eye break's deadline passes during focus: held.
        try engines.tick(at: FocusFixture.at(20))
        #expect(engines.breaks.record.state == .running)
        #expect(engines.breakEffects.isEmpty)

        // Focus ends: the hold ends and the eye break falls due.
        try engines.tick(at: FocusFixture.at(25))
        let due = try #require(BreakFixture.pending(engines.breaks))
        #expect(due.dueAt == FocusFixture.at(25))
        #expect(BreakFixture.presented(engines.breakEffects).map(\.title) == ["Eye Break"])

        // The short break ends: it counts as the break, and the next focus segment holds again.
        try engines.tick(at: FocusFixture.at(30))
        #expect(engines.events == [.focusHoldStarted, .restTaken(kinds: [.eye, .micro, .long], endedAt: FocusFixture.at(30))])
        #expect(engines.sessions.map(\.outcome) == [.completed])
        #expect(engines.sessions.map(\.endedAt) == [FocusFixture.at(30)])
        #expect(engines.breaks.record.state == .running)
        #expect(engines.breaks.record.heldSince == FocusFixture.at(30))
        #expect(engines.breaks.record.cycles == CycleStarts(all: FocusFixture.at(30)))
    }

    @Test("catch-up ending in a break: credits while held, then the hold ends at the last focus segment's end")
    func catchUpEndingInBreak() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        // Suspended from minute 0 to 57: focus 0–25, break 25–30, focus 30–55, now in the break 55–60.
        engines.wake(at: FocusFixture.at(57))
        try engines.tick(at: FocusFixture.at(57))
        #expect(engines.events == [
            .restTaken(kinds: [.eye, .micro, .long], endedAt: FocusFixture.at(30)),
            .focusHoldEnded(at: FocusFixture.at(55)),
        ])
        let due = try #require(BreakFixture.pending(engines.breaks))
        #expect(due.kind == .eye)
        #expect(due.dueAt == FocusFixture.at(55))
        #expect(engines.sessions.isEmpty)
    }

    @Test("catch-up ending in focus: the hold never lapses and every rest restarts the cycles")
    func catchUpEndingInFocus() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        // Suspended through focus 0–25, break 25–30, focus 30–55, break 55–60; now in focus 60–85.
        engines.wake(at: FocusFixture.at(62))
        try engines.tick(at: FocusFixture.at(62))
        #expect(engines.events == [
            .restTaken(kinds: [.eye, .micro, .long], endedAt: FocusFixture.at(30)),
            .restTaken(kinds: [.eye, .micro, .long], endedAt: FocusFixture.at(60)),
        ])
        #expect(engines.breaks.record.state == .running)
        #expect(engines.breaks.record.cycles == CycleStarts(all: FocusFixture.at(60)))
        #expect(engines.breakEffects.isEmpty)
    }

    @Test("catch-up from a break over a held focus segment: the events hold first, then credit, then end the hold")
    func catchUpFromBreakEvents() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.tick(at: FocusFixture.at(26))
        // Suspended in the break 25–30 until minute 57: focus 30–55, now in the break 55–60.
        engines.wake(at: FocusFixture.at(57))
        try engines.tick(at: FocusFixture.at(57))
        #expect(engines.events == [
            .focusHoldStarted,
            .restTaken(kinds: [.eye, .micro, .long], endedAt: FocusFixture.at(30)),
            .focusHoldEnded(at: FocusFixture.at(55)),
        ])
    }

    @Test("catch-up from a break: the break on screen is credited, not skipped, and the next one falls due at the focus end")
    func catchUpFromBreakOutcome() throws {
        var engines = Engines()
        try engines.send(pomodoro, at: FocusFixture.t0)
        try engines.tick(at: FocusFixture.at(26))
        engines.breakEffects = []
        engines.wake(at: FocusFixture.at(57))
        try engines.tick(at: FocusFixture.at(57))
        #expect(engines.sessions.map(\.outcome).allSatisfy { $0 == .completed })
        #expect(engines.sessions.map(\.endedAt).allSatisfy { $0 == FocusFixture.at(30) })
        #expect(engines.sessions.map(\.kind).contains(.eye))
        let due = try #require(BreakFixture.pending(engines.breaks))
        #expect(due.kind == .eye)
        #expect(due.dueAt == FocusFixture.at(55))
        #expect(engines.breaks.record.heldSince == nil)
    }

    @Test("catch-up: a held kind no rest was long enough for falls due when the hold ends, never skipped")
    func catchUpUncreditedKind() throws {
        var engines = Engines(focusSettings: FocusSettings(focusMinutes: 40, shortBreakMinutes: 2, holdBreaksDuringFocus: true))
        try engines.send(pomodoro, at: FocusFixture.t0)
        // Suspended through focus 0–40, break 40–42 (too short for the long break), focus 42–82; now in the break 82–84.
        engines.wake(at: FocusFixture.at(83))
        try engines.tick(at: FocusFixture.at(83))
        #expect(engines.events == [
            .restTaken(kinds: [.eye, .micro], endedAt: FocusFixture.at(42)),
            .focusHoldEnded(at: FocusFixture.at(82)),
        ])
        let due = try #require(BreakFixture.pending(engines.breaks))
        #expect(due.kind == .long)
        #expect(due.covers == [.eye, .micro, .long])
        #expect(due.dueAt == FocusFixture.at(82))
        #expect(engines.sessions.isEmpty)
    }

    @Test("holdEvent: nil when both engines agree")
    func holdEventAgree() throws {
        let focus = try FocusFixture.started(.pomodoro, settings: FocusSettings(holdBreaksDuringFocus: true))
        var breaks = BreakFixture.running()
        _ = try breaks.handle(.focusHoldStarted, now: FocusFixture.t0)
        #expect(FocusBreakLink.holdEvent(focus: focus, breaks: breaks, now: FocusFixture.at(1)) == nil)
        #expect(FocusBreakLink.holdEvent(focus: FocusFixture.engine(), breaks: BreakFixture.running(), now: FocusFixture.at(1)) == nil)
    }

    @Test("holdEvent: the focus engine holds and the break engine doesn't → focusHoldStarted")
    func holdEventStart() throws {
        let focus = try FocusFixture.started(.pomodoro, settings: FocusSettings(holdBreaksDuringFocus: true))
        #expect(FocusBreakLink.holdEvent(focus: focus, breaks: BreakFixture.running(), now: FocusFixture.at(1)) == .focusHoldStarted)
    }

    @Test("holdEvent: the break engine is held but no focus segment runs → the hold ends now")
    func holdEventEnd() throws {
        var breaks = BreakFixture.running()
        _ = try breaks.handle(.focusHoldStarted, now: FocusFixture.t0)
        let event = FocusBreakLink.holdEvent(focus: FocusFixture.engine(), breaks: breaks, now: FocusFixture.at(40))
        #expect(event == .focusHoldEnded(at: FocusFixture.at(40)))
    }
}
