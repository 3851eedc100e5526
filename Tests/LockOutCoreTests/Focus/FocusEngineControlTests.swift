import Foundation
import Testing
@testable import LockOutCore

@Suite("Focus controls: start, pause, resume, stop and the wall-clock arithmetic")
struct FocusEngineControlTests {
    @Test("pause then resume moves the end by exactly the paused time")
    func pauseResumeMovesEnd() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        _ = try engine.handle(.userResumed, now: FocusFixture.at(30))
        #expect(engine.nextDeadline(now: FocusFixture.at(30)) == FocusFixture.at(45))
        #expect(FocusFixture.session(engine)?.remaining(at: FocusFixture.at(40)) == 300)
    }

    @Test("two pauses add up: 25 min paused 5 + 5 min ends at 35")
    func twoPausesAddUp() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(5))
        _ = try engine.handle(.userResumed, now: FocusFixture.at(10))
        _ = try engine.handle(.userPaused, now: FocusFixture.at(15))
        _ = try engine.handle(.userResumed, now: FocusFixture.at(20))
        #expect(engine.nextDeadline(now: FocusFixture.at(20)) == FocusFixture.at(35))
    }

    @Test("time stands still while paused and nothing is due")
    func pausedHasNoDeadline() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        #expect(engine.nextDeadline(now: FocusFixture.at(100)) == nil)
        #expect(engine.liveStatus(now: FocusFixture.at(100))?.remaining == 900)
        #expect(FocusFixture.tick(&engine, at: FocusFixture.at(100)).isEmpty)
    }

    @Test("start while a session runs is ignored: no effects, nothing changes")
    func startWhileRunningIgnored() throws {
        var engine = try FocusFixture.started(.timer)
        let before = engine.record
        let effects = try engine.handle(.userStarted(FocusStart(mode: .stopwatch)), now: FocusFixture.at(3))
        #expect(effects.isEmpty)
        #expect(engine.record == before)
    }

    @Test("start after a timer ran out, before any tick, saves it and starts the new session")
    func startAfterUntickedEnd() throws {
        var engine = try FocusFixture.started(.timer)
        let effects = try engine.handle(.userStarted(FocusStart(mode: .stopwatch)), now: FocusFixture.at(30))
        #expect(FocusFixture.saved(effects).map(\.endedAt) == [FocusFixture.at(25)])
        #expect(FocusFixture.session(engine)?.mode == .stopwatch)
        #expect(FocusFixture.session(engine)?.startedAt == FocusFixture.at(30))
    }

    @Test("start while paused is ignored too")
    func startWhilePausedIgnored() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(3))
        let before = engine.record
        #expect(try engine.handle(.userStarted(FocusStart()), now: FocusFixture.at(4)).isEmpty)
        #expect(engine.record == before)
    }

    @Test("pause while paused throws alreadyPaused and changes nothing")
    func pauseWhilePaused() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(3))
        let before = engine.record
        #expect(throws: FocusInputError.alreadyPaused) { try engine.handle(.userPaused, now: FocusFixture.at(4)) }
        #expect(engine.record == before)
    }

    @Test("pause with no session throws notRunning")
    func pauseWhenStopped() {
        var engine = FocusFixture.engine()
        #expect(throws: FocusInputError.notRunning) { try engine.handle(.userPaused, now: FocusFixture.t0) }
    }

    @Test("resume while running throws notPaused")
    func resumeWhileRunning() throws {
        var engine = try FocusFixture.started(.timer)
        #expect(throws: FocusInputError.notPaused) { try engine.handle(.userResumed, now: FocusFixture.at(1)) }
    }

    @Test("stop with no session throws noSession")
    func stopWhenStopped() {
        var engine = FocusFixture.engine()
        #expect(throws: FocusInputError.noSession) { try engine.handle(.userStopped, now: FocusFixture.t0) }
    }

    @Test("a timer that runs out is saved as completed and the session ends")
    func timerRunsOut() throws {
        var engine = try FocusFixture.started(.timer, activity: "Thesis")
        let effects = FocusFixture.tick(&engine, at: FocusFixture.at(26))
        let record = try #require(FocusFixture.single(FocusFixture.saved(effects)))
        #expect(record == FocusSessionRecord(
            id: .forSegment(startedAt: FocusFixture.t0, mode: .timer, segment: .focus),
            activity: "Thesis",
            mode: .timer,
            segment: .focus,
            planned: 1500,
            actual: 1500,
            startedAt: FocusFixture.t0,
            endedAt: FocusFixture.at(25),
            outcome: .completed,
            day: LocalDate(year: 2023, month: 11, day: 14),
            timeZone: FocusFixture.berlin.timeZone
        ))
        #expect(engine.record.state == .stopped)
        #expect(effects.last == .endStatus)
    }

    @Test("a stopped timer is cancelled with its running time, pauses excluded")
    func stoppedTimerCancelled() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(4))
        _ = try engine.handle(.userResumed, now: FocusFixture.at(10))
        let effects = try engine.handle(.userStopped, now: FocusFixture.at(12))
        let record = try #require(FocusFixture.single(FocusFixture.saved(effects)))
        #expect(record.outcome == .cancelled)
        #expect(record.actual == 360)
        #expect(record.endedAt == FocusFixture.at(12))
    }

    @Test("a stopwatch never ends by itself")
    func stopwatchNeverEnds() throws {
        var engine = try FocusFixture.started(.stopwatch)
        #expect(engine.nextDeadline(now: FocusFixture.t0) == nil)
        #expect(FocusFixture.tick(&engine, at: FocusFixture.at(10_000)).isEmpty)
        #expect(engine.record.state.name == "running")
    }

    @Test("stopping a stopwatch saves it as completed with the time it ran")
    func stopwatchStopCompletes() throws {
        var engine = try FocusFixture.started(.stopwatch)
        let record = try #require(FocusFixture.saved(try engine.handle(.userStopped, now: FocusFixture.at(42))).first)
        #expect(record.outcome == .completed)
        #expect(record.actual == 2520)
        #expect(record.planned == nil)
    }

    @Test("focus mode with a target counts up past it and never ends by itself")
    func focusModeCountsUp() throws {
        var engine = try FocusFixture.started(.focus, minutes: 30)
        #expect(engine.nextDeadline(now: FocusFixture.t0) == nil)
        FocusFixture.tick(&engine, at: FocusFixture.at(45))
        let status = try #require(engine.liveStatus(now: FocusFixture.at(45)))
        #expect(status.elapsed == 2700)
        #expect(status.remaining == nil)
    }

    @Test("a segment counts for the Berlin day it started, even when it ends after midnight")
    func dayIsStartDay() throws {
        var engine = try FocusFixture.started(.timer, minutes: 60)
        let record = try #require(FocusFixture.saved(FocusFixture.tick(&engine, at: FocusFixture.at(60))).first)
        #expect(record.endedAt > FocusFixture.berlinMidnight)
        #expect(record.day == LocalDate(year: 2023, month: 11, day: 14))
    }

    @Test("the same segment always gets the same id, and another segment another id")
    func stableIDs() {
        let id = FocusSessionID.forSegment(startedAt: FocusFixture.t0, mode: .pomodoro, segment: .focus)
        #expect(id == FocusSessionID.forSegment(startedAt: FocusFixture.t0, mode: .pomodoro, segment: .focus))
        #expect(id != FocusSessionID.forSegment(startedAt: FocusFixture.t0, mode: .pomodoro, segment: .shortBreak))
        #expect(id != FocusSessionID.forSegment(startedAt: FocusFixture.at(1), mode: .pomodoro, segment: .focus))
    }
}

extension FocusFixture {
    /// Midnight between 14 and 15 November 2023 in Berlin, 47 minutes after `t0`.
    static let berlinMidnight = berlin.date(from: DateComponents(year: 2023, month: 11, day: 15))!
}
