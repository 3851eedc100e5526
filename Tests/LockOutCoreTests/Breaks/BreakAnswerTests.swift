import Foundation
import Testing
@testable import LockOutCore

@Suite("Answering a break: done, skip, snooze, take a break now, expiry")
struct BreakAnswerTests {
    /// An engine whose eye break fell due at 20:00 and is on screen.
    private func eyePending(settings: BreakSettings = .defaults) -> BreakEngine {
        var engine = BreakFixture.running(settings: settings)
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        return engine
    }

    // MARK: Done and skip

    @Test("Done saves a completed BreakSession for the pending break")
    func doneSavesCompleted() throws {
        var engine = eyePending()
        let effects = try engine.execute(.done(nil), now: BreakFixture.at(21))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session == BreakSession(
            id: BreakEngine.sessionID(kind: .eye, dueAt: BreakFixture.at(20)),
            kind: .eye,
            dueAt: BreakFixture.at(20),
            endedAt: BreakFixture.at(21),
            outcome: .completed,
            snoozeCount: 0,
            day: LocalDate(BreakFixture.at(21), in: BreakFixture.berlin),
            timeZone: BreakFixture.berlin.timeZone
        ))
    }

    @Test("Done withdraws the notification and returns to running")
    func doneWithdraws() throws {
        var engine = eyePending()
        let effects = try engine.execute(.done(.eye), now: BreakFixture.at(21))
        #expect(effects.first == .withdraw(id: BreakNotifications.id))
        #expect(engine.record.state == .running)
    }

    @Test("Skip saves a skipped BreakSession and restarts the kind's cycle")
    func skipSavesSkipped() throws {
        var engine = eyePending()
        let effects = try engine.execute(.skip(nil), now: BreakFixture.at(22))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.outcome == .skipped)
        #expect(session.kind == .eye)
        #expect(session.endedAt == BreakFixture.at(22))
        #expect(engine.record.state == .running)
        #expect(engine.deadline(of: .eye) == BreakFixture.at(42))
    }

    @Test("Done with nothing pending throws noBreakPending")
    func doneWithoutBreak() {
        var engine = BreakFixture.running()
        #expect(throws: BreakInputError.noBreakPending) {
            try engine.execute(.done(nil), now: BreakFixture.at(5))
        }
    }

    @Test("Done naming another kind than the one on screen throws breakKindMismatch")
    func doneWrongKind() {
        var engine = eyePending()
        #expect(throws: BreakInputError.breakKindMismatch(requested: .long, current: .eye)) {
            try engine.execute(.done(.long), now: BreakFixture.at(21))
        }
        #expect(BreakFixture.pending(engine) != nil)
    }

    @Test("a notification's DONE, SNOOZE and SKIP actions map to the person's events")
    func actionsMapToEvents() {
        #expect(BreakNotifications.event(forAction: "DONE", kind: .eye) == .userCompleted(.eye))
        #expect(BreakNotifications.event(forAction: "SNOOZE", kind: nil) == .userSnoozed(nil))
        #expect(BreakNotifications.event(forAction: "SKIP", kind: .long) == .userSkipped(.long))
        #expect(BreakNotifications.event(forAction: "com.apple.UNNotificationDefaultActionIdentifier", kind: nil) == nil)
    }

    // MARK: Snooze

    @Test("Snooze hides the break until the snooze duration after the snooze time")
    func snoozeSetsUntil() throws {
        var engine = eyePending()
        let snoozedAt = BreakFixture.at(21.5)
        let effects = try engine.execute(.snooze(nil), now: snoozedAt)
        #expect(effects == [.withdraw(id: BreakNotifications.id)])
        let snoozed = try #require(BreakFixture.snoozed(engine))
        #expect(snoozed.until == BreakFixture.at(26.5))
        #expect(snoozed.due.snoozeCount == 1)
    }

    @Test("Snooze moves the next fire date by exactly the snooze minutes")
    func snoozeMovesFireDate() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye], snoozeMinutes: 10))
        let snoozedAt = BreakFixture.at(20)
        _ = try engine.execute(.snooze(.eye), now: snoozedAt)
        #expect(engine.nextDeadline(now: snoozedAt) == snoozedAt.addingTimeInterval(10 * 60))
    }

    @Test("a snoozed break is presented again when its snooze ends, not a second before")
    func snoozeRepresents() throws {
        var engine = eyePending()
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        #expect(BreakFixture.tick(&engine, at: BreakFixture.at(25).addingTimeInterval(-1)).isEmpty)
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(25))
        #expect(BreakFixture.presented(effects).map(\.title) == ["Eye Break"])
        #expect(BreakFixture.pending(engine)?.snoozeCount == 1)
    }

    @Test("a break can be snoozed three times; the fourth snooze throws SnoozeLimitReached")
    func snoozeLimit() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye]))
        var now = BreakFixture.at(20)
        for _ in 1...3 {
            _ = try engine.execute(.snooze(nil), now: now)
            now = now.addingTimeInterval(5 * 60)
            BreakFixture.tick(&engine, at: now)
        }
        #expect(BreakFixture.pending(engine)?.snoozeCount == 3)
        let before = engine
        #expect(throws: BreakInputError.snoozeLimitReached(limit: 3)) {
            try engine.execute(.snooze(nil), now: now)
        }
        #expect(BreakFixture.same(engine, before))
    }

    @Test("after the third snooze the notification offers only DONE and SKIP")
    func snoozeLimitActions() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye]))
        var now = BreakFixture.at(20)
        var last: [BreakEffect] = []
        for _ in 1...3 {
            _ = try engine.execute(.snooze(nil), now: now)
            now = now.addingTimeInterval(5 * 60)
            last = BreakFixture.tick(&engine, at: now)
        }
        let request = try #require(BreakFixture.presented(last).onlyElement)
        #expect(request.actions.map(\.id) == ["DONE", "SKIP"])
        #expect(request.actions.map(\.title) == ["Done", "Skip"])
    }

    @Test("the snooze count is recorded on the session")
    func snoozeCountRecorded() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye]))
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        BreakFixture.tick(&engine, at: BreakFixture.at(25))
        let effects = try engine.execute(.done(nil), now: BreakFixture.at(26))
        #expect(BreakFixture.saved(effects).map(\.snoozeCount) == [1])
    }

    @Test("a snooze that ends after the break would expire still brings the break back (not skipped unseen)")
    func snoozePastExpiryComesBack() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye]))
        // Due 20:00, expires 40:00; snoozed at 38:00 until 43:00.
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(38))
        let atExpiry = BreakFixture.tick(&engine, at: BreakFixture.at(40))
        #expect(BreakFixture.saved(atExpiry).isEmpty)
        let back = BreakFixture.tick(&engine, at: BreakFixture.at(43))
        #expect(BreakFixture.presented(back).map(\.title) == ["Eye Break"])
        #expect(BreakFixture.pending(engine) != nil)
    }

    @Test("a longer kind falling due during a snooze waits for the snooze to end, then shows the longer break")
    func snoozeHonouredWhenLongerKindFallsDue() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(7), micro: BreakFixture.t0, long: BreakFixture.t0)
        ))
        BreakFixture.tick(&engine, at: BreakFixture.at(27))
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(27))
        // Micro falls due at 30:00, inside the snooze that ends at 32:00.
        #expect(BreakFixture.presented(BreakFixture.tick(&engine, at: BreakFixture.at(30))).isEmpty)
        #expect(BreakFixture.snoozed(engine)?.until == BreakFixture.at(32))
        let back = BreakFixture.tick(&engine, at: BreakFixture.at(32))
        #expect(BreakFixture.presented(back).map(\.title) == ["Micro Break"])
        #expect(BreakFixture.pending(engine)?.covers == [.eye, .micro])
    }

    @Test("a break that grows into a longer kind keeps its snooze count, so the limit cannot be dodged")
    func upgradeKeepsSnoozeCount() throws {
        var engine = eyePending()
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        BreakFixture.tick(&engine, at: BreakFixture.at(25))
        // Micro falls due at 30:00 while the eye break (snoozed once) is pending.
        BreakFixture.tick(&engine, at: BreakFixture.at(30))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .micro)
        #expect(due.snoozeCount == 1)
    }

    @Test("Snooze while the break is running throws breakAlreadyStarted")
    func snoozeActive() throws {
        var engine = eyePending()
        _ = try engine.execute(.takeBreakNow(nil), now: BreakFixture.at(20))
        #expect(throws: BreakInputError.breakAlreadyStarted) {
            try engine.execute(.snooze(nil), now: BreakFixture.at(20.1))
        }
    }

    // MARK: Take a break now

    @Test("Take a break now from running → breakActive for the kind's duration")
    func takeBreakNowFromRunning() throws {
        var engine = BreakFixture.running()
        let now = BreakFixture.at(4)
        let effects = try engine.execute(.takeBreakNow(.long), now: now)
        let active = try #require(BreakFixture.active(engine))
        #expect(active.due.kind == .long)
        #expect(active.startedAt == now)
        #expect(active.endsAt == now.addingTimeInterval(300))
        #expect(BreakFixture.presented(effects).map(\.title) == ["Long Break"])
    }

    @Test("the active break's notification says how long it lasts and offers DONE and SKIP")
    func activeNotification() throws {
        var engine = BreakFixture.running()
        let effects = try engine.execute(.takeBreakNow(.micro), now: BreakFixture.at(4))
        let request = try #require(BreakFixture.presented(effects).onlyElement)
        #expect(request.body == "Break started for 30 seconds. Step away and relax for a moment")
        #expect(request.actions.map(\.id) == ["DONE", "SKIP"])
    }

    @Test("Take a break now without a kind takes the kind that falls due next")
    func takeBreakNowNextKind() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(15), micro: BreakFixture.at(-25), long: BreakFixture.t0)
        ))
        // eye at 35:00, micro at 05:00, long at 60:00.
        _ = try engine.execute(.takeBreakNow(nil), now: BreakFixture.at(1))
        #expect(BreakFixture.active(engine)?.due.kind == .micro)
    }

    @Test("an active break ends by itself at its end time: a completed session and running again")
    func activeEndsByItself() throws {
        var engine = BreakFixture.running()
        let start = BreakFixture.at(4)
        _ = try engine.execute(.takeBreakNow(.eye), now: start)
        #expect(engine.nextDeadline(now: start) == start.addingTimeInterval(20))
        #expect(BreakFixture.tick(&engine, at: start.addingTimeInterval(19)).isEmpty)
        let effects = BreakFixture.tick(&engine, at: start.addingTimeInterval(25))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.outcome == .completed)
        #expect(session.endedAt == start.addingTimeInterval(20))
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles.eye == start.addingTimeInterval(20))
    }

    @Test("starting the pending break makes it active for that kind's duration")
    func startPending() throws {
        var engine = eyePending()
        let start = BreakFixture.at(20.5)
        _ = try engine.execute(.takeBreakNow(nil), now: start)
        let active = try #require(BreakFixture.active(engine))
        #expect(active.due.dueAt == BreakFixture.at(20))
        #expect(active.endsAt == start.addingTimeInterval(20))
    }

    @Test("Done during an active break completes it early")
    func doneDuringActive() throws {
        var engine = eyePending()
        _ = try engine.execute(.takeBreakNow(nil), now: BreakFixture.at(20))
        let effects = try engine.execute(.done(nil), now: BreakFixture.at(20).addingTimeInterval(8))
        #expect(BreakFixture.saved(effects).map(\.outcome) == [.completed])
        #expect(engine.record.state == .running)
    }

    @Test("Take a break now for a disabled kind throws kindDisabled")
    func takeDisabledKind() {
        var engine = BreakFixture.running(settings: BreakFixture.only([.eye]))
        #expect(throws: BreakInputError.kindDisabled(.long)) {
            try engine.execute(.takeBreakNow(.long), now: BreakFixture.at(1))
        }
    }

    @Test("Take a break now while stopped throws breaksNotRunning")
    func takeBreakWhileIdle() {
        var engine = BreakFixture.engine(.idle(at: BreakFixture.t0))
        #expect(throws: BreakInputError.breaksNotRunning) {
            try engine.execute(.takeBreakNow(nil), now: BreakFixture.at(1))
        }
    }

    // MARK: Expiry

    @Test("a pending break expires when its next cycle would start: due + interval")
    func expiresAtNextCycle() throws {
        let engine = eyePending()
        #expect(BreakFixture.pending(engine)?.expiresAt == BreakFixture.at(40))
    }

    @Test("a break left pending counts as skipped at its expiry, with a skipped session saved then")
    func leftPendingIsSkipped() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye]))
        #expect(BreakFixture.saved(BreakFixture.tick(&engine, at: BreakFixture.at(40).addingTimeInterval(-1))).isEmpty)
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(40))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.outcome == .skipped)
        #expect(session.dueAt == BreakFixture.at(20))
        #expect(session.endedAt == BreakFixture.at(40))
        #expect(effects.contains(.withdraw(id: BreakNotifications.id)))
    }

    @Test("after an expiry the kind's next cycle starts at the expiry")
    func expiryRestartsCycle() throws {
        var engine = eyePending(settings: BreakFixture.only([.eye]))
        BreakFixture.tick(&engine, at: BreakFixture.at(40))
        #expect(engine.record.state == .running)
        #expect(engine.deadline(of: .eye) == BreakFixture.at(60))
    }

    @Test("shorter kinds falling due while a long break is pending count with it: no phantom breaks after it expires")
    func shorterKindsAbsorbedWhilePending() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(50), micro: BreakFixture.at(60), long: BreakFixture.t0)
        ))
        BreakFixture.tick(&engine, at: BreakFixture.at(60))
        #expect(BreakFixture.pending(engine)?.covers == [.long])
        // eye falls due at 70:00 and micro at 90:00 while the long break waits; it expires at 120:00.
        var effects: [BreakEffect] = []
        var now = BreakFixture.at(60)
        for _ in 0..<20 {
            guard let next = engine.nextDeadline(now: now), next <= BreakFixture.at(120) else { break }
            now = next
            effects += BreakFixture.tick(&engine, at: now)
        }
        #expect(BreakFixture.presented(effects).isEmpty)
        let sessions = BreakFixture.saved(effects)
        #expect(sessions.map(\.kind) == [.eye, .micro, .long])
        #expect(sessions.allSatisfy { $0.outcome == .skipped && $0.endedAt == BreakFixture.at(120) })
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.at(120)))
    }
}
