import Foundation
import Testing
@testable import LockOutCore

@Suite("Reconciling after a restart while the person is away")
struct BreakReconcilerAwayTests {
    private typealias F = BreakFixture

    private func reconcile(_ record: BreakRecord, settings: BreakSettings = .defaults, now: Date, awaySince: Date?) -> BreakEngine {
        F.engine(
            BreakReconciler.reconcile(record: .valid(record), pendingAlarms: [], settings: settings, calendar: F.berlin, now: now, awaySince: awaySince),
            settings: settings
        )
    }

    @Test("a break that fell due after the person left is not pending; the return records it as a natural break")
    func dueAfterLeaving() throws {
        var engine = reconcile(BreakRecord(state: .running, cycles: CycleStarts(all: F.t0)), now: F.at(25), awaySince: F.at(19))
        #expect(engine.record.state == .running)
        #expect(engine.record.awaySince == F.at(19))
        #expect(engine.presentationEffects().isEmpty)
        #expect(F.presented(F.tick(&engine, at: F.at(25))).isEmpty)
        #expect(engine.nextDeadline(now: F.at(25)) == nil)

        let back = try engine.handle(.personBack(at: F.at(26)), now: F.at(26))
        #expect(F.presented(back).isEmpty)
        let session = try #require(F.saved(back).onlyElement)
        #expect(session.kind == .eye && session.natural && session.dueAt == F.at(20))
        #expect(engine.record.cycles == CycleStarts(all: F.at(26)))
    }

    @Test("a long break due before the person left waits unseen, and is shown at a return too short for it")
    func dueBeforeLeaving() throws {
        var engine = reconcile(BreakRecord(state: .running, cycles: CycleStarts(all: F.t0)), now: F.at(62), awaySince: F.at(60.5))
        #expect(engine.record.state == .running)
        #expect(engine.presentationEffects().isEmpty)

        let back = try engine.handle(.personBack(at: F.at(62.5)), now: F.at(62.5))
        #expect(F.presented(back).map(\.title) == ["Long Break"])
        #expect(Set(F.saved(back).map(\.kind)) == [.eye, .micro])
        #expect(F.saved(back).map(\.natural) == [true, true])
    }

    @Test("a snooze that ran out while nothing ran does not bring its break back while the person is away; the return does")
    func snoozeRanOut() throws {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: F.at(20), expiresAt: F.at(40), snoozeCount: 1)
        var engine = reconcile(
            BreakRecord(state: .snoozed(due, until: F.at(25)), cycles: CycleStarts(all: F.t0)), settings: F.only([.eye]), now: F.at(27),
            awaySince: F.at(24.9)
        )
        guard case .snoozed = engine.record.state else {
            Issue.record("expected snoozed, got \(engine.record.state)")
            return
        }
        #expect(engine.presentationEffects().isEmpty)
        // Too short an absence for the eye break (12 s): the break comes back at the return.
        let back = try engine.handle(.personBack(at: F.at(25.1)), now: F.at(27.5))
        #expect(F.presented(back).map(\.title) == ["Eye Break"])
    }

    @Test("a break already waiting stays waiting, and the absence is kept for the return")
    func waitingBreakStays() {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: F.at(20), expiresAt: F.at(40))
        let engine = reconcile(BreakRecord(state: .breakPending(due), cycles: CycleStarts(all: F.t0)), now: F.at(25), awaySince: F.at(22))
        #expect(engine.record.state == .breakPending(due))
        #expect(engine.record.awaySince == F.at(22))
    }

    @Test("without an absence told now, one kept in the record is dropped and the break that fell due is pending")
    func noAbsenceTold() {
        var record = BreakRecord(state: .running, cycles: CycleStarts(all: F.t0))
        record.awaySince = F.at(19)
        let engine = reconcile(record, now: F.at(25), awaySince: nil)
        #expect(engine.record.awaySince == nil)
        #expect(F.presented(engine.presentationEffects()).map(\.title) == ["Eye Break"])
    }

    @Test("idle breaks ignore an absence, as a running engine's idle state does")
    func idleIgnoresAbsence() {
        let engine = reconcile(.idle(at: F.t0), now: F.at(25), awaySince: F.at(19))
        #expect(engine.record.awaySince == nil)
    }

    @Test("a first start while the person is away starts the cycles away")
    func firstStartAway() {
        let record = BreakReconciler.reconcile(record: nil, pendingAlarms: [], settings: .defaults, calendar: F.berlin, now: F.at(5), awaySince: F.at(4))
        #expect(record.state == .running)
        #expect(record.awaySince == F.at(4))
    }
}
