import Foundation
import Testing
@testable import LockOutCore

@Suite("Break engine contract: values, invalid input, ids, next deadline")
struct BreakEngineContractTests {
    // MARK: Effects are values; invalid input changes nothing

    @Test("the same event on the same engine gives the same effects and the same record")
    func deterministic() throws {
        var a = BreakFixture.running()
        var b = BreakFixture.running()
        #expect(BreakFixture.tick(&a, at: BreakFixture.at(20)) == BreakFixture.tick(&b, at: BreakFixture.at(20)))
        #expect(try a.execute(.done(nil), now: BreakFixture.at(21)) == b.execute(.done(nil), now: BreakFixture.at(21)))
        #expect(BreakFixture.same(a, b))
    }

    @Test("a throwing call leaves the engine unchanged, even when time has passed a deadline",
          arguments: [BreakCommand.done(nil), .skip(nil), .snooze(nil), .resume, .pause(seconds: 0)])
    func throwingCallChangesNothing(command: BreakCommand) {
        var engine = BreakFixture.running()
        let before = engine
        // 25:00 is past the eye deadline, but the invalid command must not advance anything.
        #expect(throws: BreakInputError.self) { try engine.execute(command, now: BreakFixture.at(25)) }
        #expect(BreakFixture.same(engine, before))
    }

    @Test("start and stop repeated are harmless: start while running changes nothing")
    func startWhileRunning() throws {
        var engine = BreakFixture.running()
        let effects = try engine.execute(.start, now: BreakFixture.at(5))
        #expect(effects.isEmpty)
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.t0))
    }

    @Test("start from idle → running with fresh cycles")
    func startFromIdle() throws {
        var engine = BreakFixture.engine(.idle(at: BreakFixture.t0))
        _ = try engine.execute(.start, now: BreakFixture.at(5))
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.at(5)))
    }

    @Test("disabling the kind on screen withdraws it and returns to running")
    func disablingShownKind() throws {
        var engine = BreakFixture.running(settings: BreakFixture.only([.eye, .long]))
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let effects = try engine.execute(.setKind(.eye, intervalMinutes: nil, durationSeconds: nil, enabled: false), now: BreakFixture.at(21))
        #expect(effects == [.withdraw(id: BreakNotifications.id)])
        #expect(engine.record.state == .running)
    }

    @Test("the engine survives a round trip through its Codable record")
    func recordRoundTrip() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        let data = try JSONEncoder().encode(engine.record)
        #expect(try JSONDecoder().decode(BreakRecord.self, from: data) == engine.record)
    }

    // MARK: Deterministic session ids

    @Test("the same break recorded twice has the same id")
    func sameBreakSameID() throws {
        var first = BreakFixture.running()
        var second = BreakFixture.running()
        BreakFixture.tick(&first, at: BreakFixture.at(20))
        BreakFixture.tick(&second, at: BreakFixture.at(30))
        // The second engine saw the break later (and grew it into a micro break), but the eye part is the same break.
        let a = BreakFixture.saved(try first.execute(.done(nil), now: BreakFixture.at(21)))
        let b = BreakFixture.saved(try second.execute(.skip(nil), now: BreakFixture.at(31)))
        #expect(a.first?.id == b.first { $0.kind == .eye }?.id)
    }

    @Test("a history keeps a break recorded twice once")
    func historyDeduplicates() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let sessions = BreakFixture.saved(try engine.execute(.done(nil), now: BreakFixture.at(21)))
        let history = InMemoryBreakHistory()
        history.save(sessions)
        history.save(sessions)
        #expect(history.sessions(endedFrom: BreakFixture.t0, to: BreakFixture.at(60)).count == 1)
    }

    @Test("different kinds due at the same time get different ids")
    func kindsDiffer() {
        let due = BreakFixture.at(60)
        let ids = Set(BreakKind.allCases.map { BreakEngine.sessionID(kind: $0, dueAt: due) })
        #expect(ids.count == 3)
    }

    @Test("different due times get different ids, down to the millisecond",
          arguments: [0.001, 1, 4.096, 8.192, 61.44, 65.536, 86_400])
    func dueTimesDiffer(offset: TimeInterval) {
        // A base on a 65.536 s boundary, so offsets only touch the low bits of the millisecond count.
        let base = Date(timeIntervalSince1970: TimeInterval(1_700_000_000_000 & ~0xFFFF) / 1000)
        let a = BreakEngine.sessionID(kind: .eye, dueAt: base)
        let b = BreakEngine.sessionID(kind: .eye, dueAt: base.addingTimeInterval(offset))
        #expect(a != b)
    }

    @Test("ids are stable across versions: the micro break due at t0 is 018BCFE5-6800-8000-814C-4F0000000000")
    func pinnedID() {
        // Changing the layout would store every break recorded again after an upgrade twice.
        let id = BreakEngine.sessionID(kind: .micro, dueAt: BreakFixture.t0)
        #expect(id.description == "018BCFE5-6800-8000-814C-4F0000000000")
    }

    // MARK: nextDeadline

    @Test("running: the next deadline is the earliest enabled kind's")
    func nextDeadlineRunning() {
        let engine = BreakFixture.running()
        #expect(engine.nextDeadline(now: BreakFixture.at(1)) == BreakFixture.at(20))
    }

    @Test("running with every kind disabled: nothing will happen")
    func nextDeadlineNothingEnabled() {
        let engine = BreakFixture.running(settings: BreakFixture.only([]))
        #expect(engine.nextDeadline(now: BreakFixture.at(1)) == nil)
    }

    @Test("pending: the next deadline is the earlier of the expiry and a longer kind falling due")
    func nextDeadlinePending() {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        #expect(engine.nextDeadline(now: BreakFixture.at(20)) == BreakFixture.at(30))
        var eyeOnly = BreakFixture.running(settings: BreakFixture.only([.eye]))
        BreakFixture.tick(&eyeOnly, at: BreakFixture.at(20))
        #expect(eyeOnly.nextDeadline(now: BreakFixture.at(20)) == BreakFixture.at(40))
    }

    @Test("snoozed: the next deadline is the snooze's end")
    func nextDeadlineSnoozed() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(21))
        #expect(engine.nextDeadline(now: BreakFixture.at(21)) == BreakFixture.at(26))
    }

    @Test("active: the next deadline is the break's end")
    func nextDeadlineActive() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.takeBreakNow(.long), now: BreakFixture.at(2))
        #expect(engine.nextDeadline(now: BreakFixture.at(2)) == BreakFixture.at(7))
    }

    @Test("paused with an end: the pause's end; idle without working hours: nothing")
    func nextDeadlinePausedAndIdle() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pause(seconds: 600), now: BreakFixture.at(2))
        #expect(engine.nextDeadline(now: BreakFixture.at(2)) == BreakFixture.at(12))
        _ = try engine.execute(.stop, now: BreakFixture.at(3))
        #expect(engine.nextDeadline(now: BreakFixture.at(3)) == nil)
    }

    @Test("after handling a tick at its next deadline, the next deadline is later")
    func deadlinesMoveForward() {
        var engine = BreakFixture.running()
        var now = BreakFixture.t0
        for _ in 0..<40 {
            guard let next = engine.nextDeadline(now: now) else { Issue.record("nothing scheduled in \(engine.record.state)"); return }
            #expect(next > now)
            now = next
            BreakFixture.tick(&engine, at: now)
            if let after = engine.nextDeadline(now: now) { #expect(after > now) }
        }
    }
}
