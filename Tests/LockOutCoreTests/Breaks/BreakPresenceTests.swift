import Foundation
import Testing
@testable import LockOutCore

@Suite("Natural breaks: time away counts as breaks")
struct BreakPresenceTests {
    private typealias F = BreakFixture

    private func away(_ engine: inout BreakEngine, from start: Double, to end: Double) throws -> [BreakEffect] {
        var effects = try engine.handle(.personAway(since: F.at(start)), now: F.at(start + 0.5))
        effects += try engine.handle(.personBack(at: F.at(end)), now: F.at(end))
        return effects
    }

    @Test("away longer than a long break restarts every kind at the return and records nothing that was not due")
    func longAbsenceRestartsEveryKind() throws {
        var engine = F.running()
        let effects = try away(&engine, from: 5, to: 15)
        #expect(F.saved(effects).isEmpty)
        #expect(engine.record.cycles == CycleStarts(all: F.at(15)))
        #expect(engine.record.awaySince == nil)
        #expect(engine.deadline(of: .eye) == F.at(35))
    }

    @Test("a shorter absence restarts the kinds it was long enough for and moves the others later by the time away")
    func shortAbsenceMovesLongerKinds() throws {
        var engine = F.running()
        _ = try away(&engine, from: 10, to: 11)
        #expect(engine.record.cycles.eye == F.at(11))
        #expect(engine.record.cycles.micro == F.at(11))
        #expect(engine.deadline(of: .long) == F.at(61))
    }

    @Test("a break on screen when the person leaves is completed as a natural break on their return")
    func pendingBreakCompletesNaturally() throws {
        var engine = F.running()
        F.tick(&engine, at: F.at(20))
        let effects = try away(&engine, from: 20.5, to: 22)
        let session = try #require(F.saved(effects).onlyElement)
        #expect(session.kind == .eye)
        #expect(session.outcome == .completed)
        #expect(session.natural)
        #expect(session.dueAt == F.at(20))
        #expect(session.endedAt == F.at(22))
        #expect(effects.contains(.withdraw(id: BreakNotifications.id)))
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles.eye == F.at(22))
    }

    @Test("a break falling due while the person is away is not shown, and counts as natural when the absence covers it")
    func dueWhileAwayIsNotShown() throws {
        var engine = F.running()
        _ = try engine.handle(.personAway(since: F.at(19)), now: F.at(19.5))
        let meanwhile = try engine.handle(.tick, now: F.at(20.5))
        #expect(F.presented(meanwhile).isEmpty)
        #expect(engine.record.state == .running)
        #expect(engine.nextDeadline(now: F.at(20.5)) == nil)
        let back = try engine.handle(.personBack(at: F.at(21)), now: F.at(21))
        let session = try #require(F.saved(back).onlyElement)
        #expect(session.kind == .eye && session.natural && session.dueAt == F.at(20))
        #expect(F.presented(back).isEmpty)
    }

    @Test("a waiting break does not expire while the person is away; a kind due meanwhile is natural too")
    func noExpiryWhileAway() throws {
        var engine = F.running()
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.personAway(since: F.at(21)), now: F.at(21.5))
        let meanwhile = try engine.handle(.tick, now: F.at(44))
        #expect(F.saved(meanwhile).isEmpty)
        #expect(F.pending(engine) != nil)
        let back = try engine.handle(.personBack(at: F.at(45)), now: F.at(45))
        let sessions = F.saved(back)
        #expect(sessions.map(\.kind).sorted() == [.eye, .micro])
        #expect(sessions.allSatisfy { $0.outcome == .completed && $0.natural })
        #expect(sessions.first { $0.kind == .micro }?.dueAt == F.at(30))
    }

    @Test("kinds a longer break covers are recorded as natural; the longer one stays, expiring later by the time away")
    func coveredKindsTakenLongerStays() throws {
        var settings = BreakSettings.defaults
        settings.eye.intervalMinutes = 60
        settings.micro.intervalMinutes = 60
        var engine = F.running(settings: settings)
        F.tick(&engine, at: F.at(60))
        let waiting = try #require(F.pending(engine))
        #expect(waiting.kind == .long && waiting.covers == [.eye, .micro, .long])
        let effects = try away(&engine, from: 60.5, to: 62)
        #expect(Set(F.saved(effects).map(\.kind)) == [.eye, .micro])
        #expect(F.saved(effects).allSatisfy { $0.natural })
        let still = try #require(F.pending(engine))
        #expect(still.kind == .long)
        #expect(still.covers == [.long])
        #expect(still.expiresAt == waiting.expiresAt.addingTimeInterval(90))
    }

    @Test("a snooze that runs out while the person is away brings the break back on their return")
    func snoozeWaitsForTheReturn() throws {
        var settings = F.only([.eye])
        settings.eye.durationSeconds = 120
        var engine = F.running(settings: settings)
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.userSnoozed(nil), now: F.at(20))
        _ = try engine.handle(.personAway(since: F.at(24)), now: F.at(24.5))
        let meanwhile = try engine.handle(.tick, now: F.at(25))
        #expect(F.presented(meanwhile).isEmpty)
        let back = try engine.handle(.personBack(at: F.at(25.5)), now: F.at(25.5))
        #expect(F.presented(back).count == 1)
        #expect(F.pending(engine)?.kind == .eye)
        #expect(F.saved(back).isEmpty)
    }

    @Test("a stopped engine ignores presence, and a second away keeps the first moment")
    func idleIgnoresPresence() throws {
        var idle = F.engine(.idle(at: F.t0))
        _ = try idle.handle(.personAway(since: F.at(1)), now: F.at(1))
        #expect(idle.record.awaySince == nil)
        var engine = F.running()
        _ = try engine.handle(.personAway(since: F.at(3)), now: F.at(3))
        _ = try engine.handle(.personAway(since: F.at(4)), now: F.at(4))
        #expect(engine.record.awaySince == F.at(3))
    }

    @Test("after a restart the person counts as present again")
    func reconcilerForgetsAbsence() {
        var record = BreakRecord(state: .running, cycles: CycleStarts(all: F.t0))
        record.awaySince = F.at(2)
        let restored = BreakReconciler.reconcile(
            record: .valid(record), pendingAlarms: [], settings: .defaults, calendar: F.berlin, now: F.at(5)
        )
        #expect(restored.awaySince == nil)
    }

    @Test("a session and a record stored before natural breaks read as not natural and present")
    func olderJSONReads() throws {
        var engine = F.running()
        F.tick(&engine, at: F.at(20))
        let effects = try engine.handle(.userCompleted(nil), now: F.at(21))
        let session = try #require(F.saved(effects).onlyElement)
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(session)) as! [String: Any]
        #expect(json["natural"] as? Bool == false)
        json.removeValue(forKey: "natural")
        let older = try JSONDecoder().decode(BreakSession.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(older == session)
        let record = try JSONDecoder().decode(BreakRecord.self, from: JSONEncoder().encode(BreakRecord.idle(at: F.t0)))
        #expect(record.awaySince == nil)
    }
}
