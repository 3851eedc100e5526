import Foundation
import Testing
@testable import LockOutCore

@Suite("Rebuilding the focus engine from its record after a kill and restart")
struct FocusEngineRestoreTests {
    /// The engine a fresh process builds from `engine`'s record as stored on disk.
    private func restarted(_ engine: FocusEngine) throws -> FocusEngine {
        let data = try JSONEncoder().encode(engine.record)
        let record = try JSONDecoder().decode(FocusRecord.self, from: data)
        return FocusFixture.engine(settings: engine.settings, capability: engine.capability, record: record)
    }

    @Test("restarted while running, the timer has the right remaining time and deadline")
    func restartWhileRunning() throws {
        var before = try FocusFixture.started(.timer)
        _ = try before.handle(.userPaused, now: FocusFixture.at(5))
        _ = try before.handle(.userResumed, now: FocusFixture.at(8))
        let after = try restarted(before)
        #expect(after.liveStatus(now: FocusFixture.at(18))?.remaining == 600)
        #expect(after.nextDeadline(now: FocusFixture.at(18)) == FocusFixture.at(28))
    }

    @Test("restarted while paused, the remaining time is the one at the pause")
    func restartWhilePaused() throws {
        var before = try FocusFixture.started(.pomodoro)
        _ = try before.handle(.userPaused, now: FocusFixture.at(15))
        let after = try restarted(before)
        let status = try #require(after.liveStatus(now: FocusFixture.at(90)))
        #expect(status.remaining == 600)
        #expect(status.isRunning == false)
    }

    @Test("resumed after a restart, the alert fires after the remaining time")
    func resumeAfterRestart() throws {
        var before = try FocusFixture.started(.timer)
        _ = try before.handle(.userPaused, now: FocusFixture.at(15))
        var after = try restarted(before)
        let effects = try after.handle(.userResumed, now: FocusFixture.at(60))
        let alert = try #require(FocusFixture.single(FocusFixture.alerts(effects)))
        #expect(alert.fireIn == 600)
        #expect(alert.fireAt == FocusFixture.at(70))
    }

    @Test("a segment that ended while nothing ran is saved at its end time on the first tick")
    func endedWhileDown() throws {
        let before = try FocusFixture.started(.timer)
        var after = try restarted(before)
        let effects = FocusFixture.tick(&after, at: FocusFixture.at(300))
        #expect(FocusFixture.saved(effects).map(\.endedAt) == [FocusFixture.at(25)])
        #expect(after.record.state == .stopped)
    }

    @Test("a pomodoro keeps its count across a restart")
    func countSurvives() throws {
        var before = try FocusFixture.started(.pomodoro)
        FocusFixture.tick(&before, at: FocusFixture.at(25))
        let after = try restarted(before)
        #expect(after.record.cycle == PomodoroCycle(completedFocus: 1, next: .shortBreak))
    }

    @Test("after a restart the runtime reschedules the alert for the remaining time and republishes the status")
    func restartEffects() throws {
        let before = try FocusFixture.started(.timer)
        let after = try restarted(before)
        let effects = after.restartEffects(now: FocusFixture.at(20))
        #expect(FocusFixture.alerts(effects).map(\.fireIn) == [300])
        #expect(FocusFixture.statuses(effects).map(\.remaining) == [300])
    }
}
