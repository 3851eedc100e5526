import Foundation
import Testing
@testable import LockOutCore

@Suite("Counting a long-enough rest as breaks done")
struct BreakRestCreditTests {
    /// An engine with the eye break pending since minute 20.
    private func eyePending() -> BreakEngine {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        return engine
    }

    @Test("a pending break whose kind is credited is completed at the rest's end, as Done would")
    func pendingCompleted() throws {
        var engine = eyePending()
        let effects = try engine.handle(.restTaken(kinds: [.eye], endedAt: BreakFixture.at(22)), now: BreakFixture.at(23))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.kind == .eye)
        #expect(session.outcome == .completed)
        #expect(session.dueAt == BreakFixture.at(20))
        #expect(session.endedAt == BreakFixture.at(22))
        #expect(effects.contains(.withdraw(id: BreakNotifications.id)))
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles.eye == BreakFixture.at(22))
    }

    @Test("a snoozed break whose kind is credited is completed")
    func snoozedCompleted() throws {
        var engine = eyePending()
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        let effects = try engine.handle(.restTaken(kinds: [.eye, .micro], endedAt: BreakFixture.at(22)), now: BreakFixture.at(22))
        #expect(BreakFixture.saved(effects).map(\.outcome) == [.completed])
        #expect(engine.record.state == .running)
    }

    @Test("an active break whose kind is credited is completed at the rest's end")
    func activeCompleted() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.takeBreakNow(.long), now: BreakFixture.at(10))
        let effects = try engine.handle(.restTaken(kinds: [.eye, .micro, .long], endedAt: BreakFixture.at(12)), now: BreakFixture.at(12))
        #expect(BreakFixture.saved(effects).map(\.endedAt) == [BreakFixture.at(12)])
        #expect(engine.record.state == .running)
    }

    @Test("credited kinds restart from the rest's end: the long break's completion restarts every shorter cycle")
    func completionRestartsShorter() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(60))
        _ = try engine.handle(.restTaken(kinds: [.long], endedAt: BreakFixture.at(62)), now: BreakFixture.at(62))
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.at(62)))
    }

    @Test("a shown break whose kind is not credited stays, no longer counting for the credited kinds")
    func uncreditedShownBreakStays() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(40), micro: BreakFixture.at(30), long: BreakFixture.t0)
        ))
        BreakFixture.tick(&engine, at: BreakFixture.at(60))
        #expect(BreakFixture.pending(engine)?.covers == [.eye, .micro, .long])
        let effects = try engine.handle(.restTaken(kinds: [.eye, .micro], endedAt: BreakFixture.at(61)), now: BreakFixture.at(61))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .long)
        #expect(due.covers == [.long])
        #expect(effects.isEmpty)
        #expect(engine.record.cycles.eye == BreakFixture.at(61))
        #expect(engine.record.cycles.micro == BreakFixture.at(61))
    }

    @Test("a credited kind that was not due restarts its cycle and records nothing")
    func notDueRestarts() throws {
        var engine = BreakFixture.running()
        let effects = try engine.handle(.restTaken(kinds: [.eye, .micro], endedAt: BreakFixture.at(10)), now: BreakFixture.at(10))
        #expect(effects.isEmpty)
        #expect(engine.record.cycles == CycleStarts(eye: BreakFixture.at(10), micro: BreakFixture.at(10), long: BreakFixture.t0))
    }

    @Test("a break that fell due during the rest is shown first, then completed by it")
    func dueDuringRest() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(15))
        let effects = try engine.handle(.restTaken(kinds: [.eye], endedAt: BreakFixture.at(22)), now: BreakFixture.at(22))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.dueAt == BreakFixture.at(20))
        #expect(session.outcome == .completed)
        #expect(engine.record.state == .running)
    }

    @Test("kinds that are not enabled are ignored")
    func disabledIgnored() throws {
        var engine = BreakFixture.running(settings: BreakFixture.only([.eye]))
        _ = try engine.handle(.restTaken(kinds: [.micro, .long], endedAt: BreakFixture.at(10)), now: BreakFixture.at(10))
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.t0))
    }

    @Test("an empty list does nothing, even with a break on screen")
    func emptyDoesNothing() throws {
        var engine = eyePending()
        let before = engine
        let effects = try engine.handle(.restTaken(kinds: [], endedAt: BreakFixture.at(21)), now: BreakFixture.at(21))
        #expect(effects.isEmpty)
        #expect(BreakFixture.same(engine, before))
    }

    @Test("a cycle that restarted after the rest ended is not moved back")
    func neverMovesCycleBack() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.takeBreakNow(.eye), now: BreakFixture.at(10))
        _ = try engine.execute(.done(nil), now: BreakFixture.at(11))
        _ = try engine.handle(.restTaken(kinds: [.eye], endedAt: BreakFixture.at(9)), now: BreakFixture.at(12))
        #expect(engine.record.cycles.eye == BreakFixture.at(11))
    }

    @Test("a rest credited while held restarts the held kinds' cycles and keeps the hold")
    func creditWhileHeld() throws {
        var engine = BreakFixture.running()
        _ = try engine.handle(.focusHoldStarted, now: BreakFixture.at(5))
        let effects = try engine.handle(.restTaken(kinds: [.eye, .micro, .long], endedAt: BreakFixture.at(30)), now: BreakFixture.at(31))
        #expect(effects.isEmpty)
        #expect(engine.record.cycles == CycleStarts(all: BreakFixture.at(30)))
        #expect(engine.record.heldSince == BreakFixture.at(5))
    }
}
