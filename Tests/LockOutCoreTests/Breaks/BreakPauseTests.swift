import Foundation
import Testing
@testable import LockOutCore

@Suite("Pause and resume")
struct BreakPauseTests {
    @Test("pause for a duration → paused until then, and the notification is withdrawn")
    func pauseForDuration() throws {
        var engine = BreakFixture.running()
        let now = BreakFixture.at(5)
        let effects = try engine.execute(.pause(seconds: 1800), now: now)
        #expect(engine.record.state == .paused(until: BreakFixture.at(35)))
        #expect(effects == [.withdraw(id: BreakNotifications.id)])
    }

    @Test("a paused engine fires nothing, even past every deadline")
    func pausedIsSilent() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pause(seconds: 7200), now: BreakFixture.at(5))
        #expect(BreakFixture.tick(&engine, at: BreakFixture.at(100)).isEmpty)
        #expect(engine.record.state == .paused(until: BreakFixture.at(125)))
    }

    @Test("a timed pause resumes by itself at its end, with fresh cycles from then")
    func pauseEndsByItself() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pause(seconds: 1800), now: BreakFixture.at(5))
        #expect(engine.nextDeadline(now: BreakFixture.at(5)) == BreakFixture.at(35))
        BreakFixture.tick(&engine, at: BreakFixture.at(36))
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.at(35)))
    }

    @Test("a pause of zero seconds or less throws pauseInPast and changes nothing", arguments: [0, -60])
    func pauseMustBePositive(seconds: Int) {
        var engine = BreakFixture.running()
        let before = engine
        #expect(throws: BreakInputError.pauseInPast) {
            try engine.execute(.pause(seconds: seconds), now: BreakFixture.at(5))
        }
        #expect(BreakFixture.same(engine, before))
    }

    @Test("pause until tomorrow ends at the next local midnight")
    func pauseUntilTomorrow() throws {
        var engine = BreakFixture.running(since: BreakFixture.berlinDate(2026, 3, 10, 14))
        _ = try engine.execute(.pauseUntilTomorrow, now: BreakFixture.berlinDate(2026, 3, 10, 15, 30))
        #expect(engine.record.state == .paused(until: BreakFixture.berlinDate(2026, 3, 11, 0)))
    }

    @Test("pause until tomorrow on the evening before the spring DST change ends at midnight of 03-29 (Berlin)")
    func pauseUntilTomorrowBeforeDST() {
        let evening = BreakFixture.berlinDate(2026, 3, 28, 22)
        let midnight = BreakEngine.nextMidnight(after: evening, calendar: BreakFixture.berlin)
        // 2026-03-29 00:00 CET is 2026-03-28 23:00 UTC.
        #expect(midnight == Date(timeIntervalSince1970: 1_774_738_800))
        #expect(midnight.timeIntervalSince(evening) == 2 * 3600)
    }

    @Test("pause until tomorrow at 2026-03-28 22:00 (Berlin) pauses until 03-29 00:00, two hours later")
    func pauseUntilTomorrowCommandBeforeDST() throws {
        let evening = BreakFixture.berlinDate(2026, 3, 28, 22)
        var engine = BreakFixture.running(since: evening)
        _ = try engine.execute(.pauseUntilTomorrow, now: evening)
        #expect(engine.record.state == .paused(until: evening.addingTimeInterval(2 * 3600)))
    }

    @Test("on the 23-hour DST day (2026-03-29, Berlin) the next midnight is 03-30 00:00 CEST")
    func pauseUntilTomorrowOnDSTDay() {
        let midnight29 = Date(timeIntervalSince1970: 1_774_738_800)
        let next = BreakEngine.nextMidnight(after: midnight29, calendar: BreakFixture.berlin)
        // 2026-03-30 00:00 CEST is 2026-03-29 22:00 UTC: the day was 23 hours long.
        #expect(next == Date(timeIntervalSince1970: 1_774_821_600))
        #expect(next.timeIntervalSince(midnight29) == 23 * 3600)
    }

    @Test("on the 25-hour autumn DST day (2026-10-25, Berlin) the next midnight is 25 hours after the last")
    func pauseUntilTomorrowAutumnDST() {
        let midnight = BreakFixture.berlinDate(2026, 10, 25, 0)
        let next = BreakEngine.nextMidnight(after: midnight, calendar: BreakFixture.berlin)
        #expect(next == BreakFixture.berlinDate(2026, 10, 26, 0))
        #expect(next.timeIntervalSince(midnight) == 25 * 3600)
    }

    @Test("a pause until tomorrow taken across the DST change resumes at local midnight")
    func pauseUntilTomorrowResumesAtMidnight() throws {
        let evening = BreakFixture.berlinDate(2026, 3, 29, 21)
        var engine = BreakFixture.running(since: evening)
        _ = try engine.execute(.pauseUntilTomorrow, now: evening)
        let midnight = BreakFixture.berlinDate(2026, 3, 30, 0)
        #expect(engine.nextDeadline(now: evening) == midnight)
        BreakFixture.tick(&engine, at: midnight)
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles == CycleStarts(all: midnight))
    }

    @Test("resume → running with fresh cycles from the resume time")
    func resume() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pause(seconds: 3600), now: BreakFixture.at(5))
        let effects = try engine.execute(.resume, now: BreakFixture.at(10))
        #expect(effects.isEmpty)
        #expect(engine.record.state == .running)
        #expect(engine.deadline(of: .eye) == BreakFixture.at(30))
    }

    @Test("resume when not paused throws notPaused and changes nothing")
    func resumeNotPaused() {
        var engine = BreakFixture.running()
        let before = engine
        #expect(throws: BreakInputError.notPaused) {
            try engine.execute(.resume, now: BreakFixture.at(5))
        }
        #expect(BreakFixture.same(engine, before))
    }

    @Test("an open-ended pause has no deadline: the runtime may sleep until the person acts")
    func openEndedPause() throws {
        var engine = BreakFixture.running()
        _ = try engine.handle(.userPaused(until: nil), now: BreakFixture.at(5))
        #expect(engine.nextDeadline(now: BreakFixture.at(5)) == nil)
    }

    @Test("pausing stopped breaks throws breaksNotRunning, so the pause's end cannot start them")
    func pauseWhileStopped() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.stop, now: BreakFixture.at(1))
        #expect(throws: BreakInputError.breaksNotRunning) {
            try engine.execute(.pause(seconds: 600), now: BreakFixture.at(2))
        }
        #expect(engine.record.state == .idle)
    }
}
