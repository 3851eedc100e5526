import Foundation
import Testing
@testable import LockOutCore

@Suite("Pomodoro: segments, counting, the long break and skip")
struct FocusEnginePomodoroTests {
    /// Ticks at each deadline `count` times and returns the segments that ran, the first included.
    private func segments(_ engine: inout FocusEngine, count: Int) throws -> [FocusSegment] {
        var seen = [try #require(FocusFixture.session(engine)).segment]
        for _ in 0..<count {
            let deadline = try #require(engine.nextDeadline(now: FocusFixture.t0))
            FocusFixture.tick(&engine, at: deadline)
            seen.append(try #require(FocusFixture.session(engine)).segment)
        }
        return seen
    }

    @Test("a completed focus segment counts one and starts a short break at its end time")
    func focusEndsIntoShortBreak() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = FocusFixture.tick(&engine, at: FocusFixture.at(25.5))
        let record = try #require(FocusFixture.single(FocusFixture.saved(effects)))
        #expect(record.segment == .focus && record.outcome == .completed)
        #expect(record.endedAt == FocusFixture.at(25))
        let next = try #require(FocusFixture.session(engine))
        #expect(next.segment == .shortBreak)
        #expect(next.startedAt == FocusFixture.at(25))
        #expect(engine.record.cycle.completedFocus == 1)
    }

    @Test("four focus segments with short breaks, then a long break, then focus again")
    func cycleThroughLongBreak() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let seen = try segments(&engine, count: 8)
        #expect(seen == [.focus, .shortBreak, .focus, .shortBreak, .focus, .shortBreak, .focus, .longBreak, .focus])
    }

    @Test("the count resets to zero after the long break")
    func countResetsAfterLongBreak() throws {
        var engine = try FocusFixture.started(.pomodoro)
        _ = try segments(&engine, count: 7)
        #expect(engine.record.cycle.completedFocus == 4)
        _ = try segments(&engine, count: 1)
        #expect(engine.record.cycle.completedFocus == 0)
    }

    @Test("the cycles setting decides after how many focus segments the long break comes")
    func cyclesSetting() throws {
        var engine = try FocusFixture.started(.pomodoro, settings: FocusSettings(cycles: 2))
        let seen = try segments(&engine, count: 4)
        #expect(seen == [.focus, .shortBreak, .focus, .longBreak, .focus])
    }

    @Test("a late tick ends every overdue segment at its own end time")
    func lateTickEndsEachSegment() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = FocusFixture.tick(&engine, at: FocusFixture.at(32))
        #expect(FocusFixture.saved(effects).map(\.endedAt) == [FocusFixture.at(25), FocusFixture.at(30)])
        #expect(FocusFixture.session(engine)?.startedAt == FocusFixture.at(30))
        #expect(engine.nextDeadline(now: FocusFixture.at(32)) == FocusFixture.at(55))
    }

    @Test("a stopped focus segment is cancelled, counts nothing and starts again as focus")
    func stopCountsNothing() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = try engine.handle(.userStopped, now: FocusFixture.at(10))
        #expect(FocusFixture.saved(effects).first?.outcome == .cancelled)
        #expect(engine.record.cycle == PomodoroCycle(completedFocus: 0, next: .focus))
    }

    @Test("a stopped break does not switch phase: the next start runs the break again")
    func stoppedBreakStaysBreak() throws {
        var engine = try FocusFixture.started(.pomodoro)
        FocusFixture.tick(&engine, at: FocusFixture.at(26))
        _ = try engine.handle(.userStopped, now: FocusFixture.at(27))
        _ = try engine.handle(.userStarted(FocusStart(mode: .pomodoro)), now: FocusFixture.at(40))
        #expect(FocusFixture.session(engine)?.segment == .shortBreak)
        #expect(engine.record.cycle.completedFocus == 1)
    }

    @Test("skip ends the segment as completed now and starts the next one")
    func skipCompletesAndAdvances() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = try engine.handle(.userSkipped, now: FocusFixture.at(10))
        let record = try #require(FocusFixture.single(FocusFixture.saved(effects)))
        #expect(record.outcome == .completed)
        #expect(record.actual == 600)
        #expect(FocusFixture.session(engine)?.segment == .shortBreak)
        #expect(FocusFixture.session(engine)?.startedAt == FocusFixture.at(10))
        #expect(engine.record.cycle.completedFocus == 1)
    }

    @Test("skip while paused saves the paused running time and starts the next segment running with its alert")
    func skipWhilePaused() throws {
        var engine = try FocusFixture.started(.pomodoro)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        let effects = try engine.handle(.userSkipped, now: FocusFixture.at(20))
        #expect(FocusFixture.saved(effects).map(\.actual) == [600])
        #expect(FocusFixture.cancels(effects).isEmpty)
        #expect(FocusFixture.alerts(effects).map(\.fireAt) == [FocusFixture.at(25)])
        #expect(engine.record.state.name == "running")
    }

    @Test("skip in timer mode throws skipOutsidePomodoro and changes nothing")
    func skipOutsidePomodoro() throws {
        var engine = try FocusFixture.started(.timer)
        let before = engine.record
        #expect(throws: FocusInputError.skipOutsidePomodoro(mode: .timer)) {
            try engine.handle(.userSkipped, now: FocusFixture.at(5))
        }
        #expect(engine.record == before)
    }

    @Test("skip in stopwatch mode throws skipOutsidePomodoro")
    func skipInStopwatch() throws {
        var engine = try FocusFixture.started(.stopwatch)
        #expect(throws: FocusInputError.skipOutsidePomodoro(mode: .stopwatch)) {
            try engine.handle(.userSkipped, now: FocusFixture.at(5))
        }
    }

    @Test("skip with no session throws noSession")
    func skipWithoutSession() {
        var engine = FocusFixture.engine()
        #expect(throws: FocusInputError.noSession) {
            try engine.handle(.userSkipped, now: FocusFixture.at(5))
        }
    }

    @Test("a focus length given at start is kept for the session's later focus segments")
    func startLengthKept() throws {
        var engine = try FocusFixture.started(.pomodoro, minutes: 50)
        FocusFixture.tick(&engine, at: FocusFixture.at(50))
        FocusFixture.tick(&engine, at: FocusFixture.at(55))
        #expect(FocusFixture.session(engine)?.planned == 3000)
        #expect(engine.nextDeadline(now: FocusFixture.at(55)) == FocusFixture.at(105))
    }
}
