import Foundation
import Testing
@testable import LockOutCore

@Suite("Reconciling after a restart")
struct BreakReconcilerTests {
    private func reconcile(
        _ stored: StoredBreakRecord?,
        alarms: [PendingAlarm] = [],
        settings: BreakSettings = .defaults,
        now: Date
    ) -> BreakRecord {
        BreakReconciler.reconcile(record: stored, pendingAlarms: alarms, settings: settings, calendar: BreakFixture.berlin, now: now)
    }

    private func running(since start: Date = BreakFixture.t0) -> StoredBreakRecord {
        .valid(BreakRecord(state: .running, cycles: CycleStarts(all: start)))
    }

    @Test("a corrupt record → idle")
    func corrupt() {
        let now = BreakFixture.at(3)
        #expect(reconcile(.corrupt, now: now) == .idle(at: now))
    }

    @Test("no record → running from now")
    func firstStart() {
        let now = BreakFixture.at(3)
        #expect(reconcile(nil, now: now) == BreakRecord(state: .running, cycles: CycleStarts(all: now)))
    }

    @Test("no record outside working hours → idle")
    func firstStartOutsideHours() {
        let evening = BreakFixture.berlinDate(2026, 3, 10, 20)
        let record = reconcile(nil, settings: BreakSettings(workingHours: BreakFixture.officeHours), now: evening)
        #expect(record.state == .idle)
    }

    @Test("no record inside working hours → running until the window's end")
    func firstStartInsideHours() {
        let morning = BreakFixture.berlinDate(2026, 3, 10, 10)
        let record = reconcile(nil, settings: BreakSettings(workingHours: BreakFixture.officeHours), now: morning)
        #expect(record.state == .running)
        #expect(record.scheduledUntil == BreakFixture.berlinDate(2026, 3, 10, 17))
    }

    @Test("running and nothing due yet → running unchanged")
    func nothingDue() {
        let stored = running()
        #expect(reconcile(stored, now: BreakFixture.at(19)) == BreakRecord(state: .running, cycles: CycleStarts(all: BreakFixture.t0)))
    }

    @Test("a scheduled alarm that is not yet due → running unchanged")
    func scheduledAlarmNotDue() {
        let alarm = PendingAlarm(kind: .eye, fireDate: BreakFixture.at(20), isAlerting: false)
        let record = reconcile(running(), alarms: [alarm], now: BreakFixture.at(10))
        #expect(record.state == .running)
        #expect(record.cycles == CycleStarts(all: BreakFixture.t0))
    }

    @Test("a break that fell due while nothing ran → pending, dated at its deadline")
    func missedBreakPending() throws {
        let record = reconcile(running(), now: BreakFixture.at(25))
        guard case .breakPending(let due) = record.state else { Issue.record("expected pending, got \(record.state)"); return }
        #expect(due.kind == .eye)
        #expect(due.dueAt == BreakFixture.at(20))
    }

    @Test("a break that fell due while nothing ran is presented now and not immediately skipped")
    func missedBreakPresentedNotSkipped() throws {
        // Down from 10:00 to 45:00: the eye break (due 20:00) would have expired at 40:00.
        let now = BreakFixture.at(45)
        let record = reconcile(.valid(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.t0, micro: BreakFixture.at(25), long: BreakFixture.at(10))
        )), now: now)
        var engine = BreakFixture.engine(record)
        #expect(BreakFixture.presented(engine.presentationEffects()).map(\.title) == ["Eye Break"])
        let effects = BreakFixture.tick(&engine, at: now)
        #expect(BreakFixture.saved(effects).isEmpty)
        #expect(BreakFixture.pending(engine)?.expiresAt == BreakFixture.at(65))
    }

    @Test("several kinds missed while down → one pending break for the longest, covering the others")
    func severalMissed() throws {
        let record = reconcile(running(), now: BreakFixture.at(200))
        guard case .breakPending(let due) = record.state else { Issue.record("expected pending"); return }
        #expect(due.kind == .long)
        #expect(due.covers == [.eye, .micro, .long])
        #expect(due.dueAt == BreakFixture.at(20))
    }

    @Test("an alerting alarm → pending for that kind, even before the record's deadline")
    func alertingAlarm() {
        let alarm = PendingAlarm(kind: .micro, fireDate: BreakFixture.at(10), isAlerting: true)
        let record = reconcile(running(), alarms: [alarm], now: BreakFixture.at(12))
        guard case .breakPending(let due) = record.state else { Issue.record("expected pending"); return }
        #expect(due.kind == .micro)
    }

    @Test("an alerting alarm for a disabled kind is ignored")
    func alertingDisabledKind() {
        let alarm = PendingAlarm(kind: .long, fireDate: BreakFixture.at(10), isAlerting: true)
        let record = reconcile(running(), alarms: [alarm], settings: BreakFixture.only([.eye]), now: BreakFixture.at(12))
        #expect(record.state == .running)
    }

    @Test("inside an active break → still active, same end")
    func activeStays() {
        let due = DueBreak(kind: .long, covers: [.long], dueAt: BreakFixture.at(60), expiresAt: BreakFixture.at(120))
        let state = BreakState.breakActive(due, startedAt: BreakFixture.at(60), endsAt: BreakFixture.at(65))
        let record = reconcile(.valid(BreakRecord(state: state, cycles: CycleStarts(all: BreakFixture.t0))), now: BreakFixture.at(62))
        #expect(record.state == state)
    }

    @Test("an active break that ended while down is completed at its end by the next tick")
    func activeEndedWhileDown() throws {
        let due = DueBreak(kind: .long, covers: [.long], dueAt: BreakFixture.at(60), expiresAt: BreakFixture.at(120))
        let state = BreakState.breakActive(due, startedAt: BreakFixture.at(60), endsAt: BreakFixture.at(65))
        let now = BreakFixture.at(70)
        var engine = BreakFixture.engine(reconcile(.valid(BreakRecord(state: state, cycles: CycleStarts(all: BreakFixture.t0))), now: now))
        let effects = BreakFixture.tick(&engine, at: now)
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.outcome == .completed)
        #expect(session.endedAt == BreakFixture.at(65))
        #expect(engine.record.state == .running)
    }

    @Test("snoozed past its snooze → pending")
    func snoozedPast() {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(40), snoozeCount: 1)
        let stored = StoredBreakRecord.valid(BreakRecord(state: .snoozed(due, until: BreakFixture.at(25)), cycles: CycleStarts(all: BreakFixture.t0)))
        #expect(reconcile(stored, now: BreakFixture.at(27)).state == .breakPending(due))
    }

    @Test("snoozed and the snooze not over → still snoozed")
    func snoozedNotOver() {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(40), snoozeCount: 1)
        let state = BreakState.snoozed(due, until: BreakFixture.at(25))
        #expect(reconcile(.valid(BreakRecord(state: state, cycles: CycleStarts(all: BreakFixture.t0))), now: BreakFixture.at(23)).state == state)
    }

    @Test("pending past its expiry while down → pending with a fresh expiry from now, snooze count kept")
    func pendingExpiredWhileDown() {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(40), snoozeCount: 2)
        let stored = StoredBreakRecord.valid(BreakRecord(state: .breakPending(due), cycles: CycleStarts(eye: BreakFixture.t0, micro: BreakFixture.at(30), long: BreakFixture.at(30))))
        let record = reconcile(stored, now: BreakFixture.at(50))
        #expect(record.state == .breakPending(DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(70), snoozeCount: 2)))
    }

    @Test("pending while longer kinds fell due during the downtime → one break for the longest, not a cascade of skips")
    func pendingWithLongerKindsMissed() throws {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(40))
        let stored = StoredBreakRecord.valid(BreakRecord(state: .breakPending(due), cycles: CycleStarts(all: BreakFixture.t0)))
        let now = BreakFixture.at(200)
        var engine = BreakFixture.engine(reconcile(stored, now: now))
        let effects = BreakFixture.tick(&engine, at: now)
        #expect(BreakFixture.saved(effects).isEmpty)
        let pending = try #require(BreakFixture.pending(engine))
        #expect(pending.kind == .long)
        #expect(pending.covers == [.eye, .micro, .long])
        #expect(pending.dueAt == BreakFixture.at(20))
        #expect(pending.expiresAt > now)
    }

    @Test("snoozed while a longer kind fell due during the downtime → still snoozed, as the longer break, back when the snooze ends")
    func snoozedWithLongerKindMissed() throws {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(27), expiresAt: BreakFixture.at(47), snoozeCount: 1)
        let stored = StoredBreakRecord.valid(BreakRecord(
            state: .snoozed(due, until: BreakFixture.at(32)),
            cycles: CycleStarts(eye: BreakFixture.at(7), micro: BreakFixture.t0, long: BreakFixture.t0)
        ))
        let record = reconcile(stored, now: BreakFixture.at(31))
        guard case .snoozed(let joined, let until) = record.state else { Issue.record("expected snoozed, got \(record.state)"); return }
        #expect(until == BreakFixture.at(32))
        #expect(joined.kind == .micro)
        #expect(joined.covers == [.eye, .micro])
        #expect(joined.snoozeCount == 1)
        #expect(joined.expiresAt > until)
    }

    @Test("paused past its end → running from now")
    func pausedPast() {
        let stored = StoredBreakRecord.valid(BreakRecord(state: .paused(until: BreakFixture.at(30)), cycles: CycleStarts(all: BreakFixture.t0)))
        let now = BreakFixture.at(45)
        #expect(reconcile(stored, now: now) == BreakRecord(state: .running, cycles: CycleStarts(all: now)))
    }

    @Test("paused past its end outside working hours → idle, not running all night")
    func pausedPastOutsideHours() {
        let settings = BreakSettings(workingHours: BreakFixture.officeHours)
        let stored = StoredBreakRecord.valid(BreakRecord(state: .paused(until: BreakFixture.berlinDate(2026, 3, 10, 16, 30)), cycles: CycleStarts(all: BreakFixture.berlinDate(2026, 3, 10, 9))))
        let record = reconcile(stored, settings: settings, now: BreakFixture.berlinDate(2026, 3, 10, 21))
        #expect(record.state == .idle)
    }

    @Test("paused past its end inside working hours → running until the window's end")
    func pausedPastInsideHours() {
        let settings = BreakSettings(workingHours: BreakFixture.officeHours)
        let stored = StoredBreakRecord.valid(BreakRecord(state: .paused(until: BreakFixture.berlinDate(2026, 3, 10, 11)), cycles: CycleStarts(all: BreakFixture.berlinDate(2026, 3, 10, 9))))
        let record = reconcile(stored, settings: settings, now: BreakFixture.berlinDate(2026, 3, 10, 12))
        #expect(record.state == .running)
        #expect(record.scheduledUntil == BreakFixture.berlinDate(2026, 3, 10, 17))
    }

    @Test("paused and the pause not over → still paused")
    func pausedNotOver() {
        let stored = StoredBreakRecord.valid(BreakRecord(state: .paused(until: BreakFixture.at(30)), cycles: CycleStarts(all: BreakFixture.t0)))
        #expect(reconcile(stored, now: BreakFixture.at(10)).state == .paused(until: BreakFixture.at(30)))
    }

    @Test("cycle starts in the future (the clock moved back) are clamped to now")
    func clockMovedBack() {
        let stored = StoredBreakRecord.valid(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(100), micro: BreakFixture.at(-5), long: BreakFixture.at(50))
        ))
        let now = BreakFixture.t0
        #expect(reconcile(stored, now: now).cycles == CycleStarts(eye: now, micro: BreakFixture.at(-5), long: now))
    }

    @Test("a running scheduled run whose window ended while down → idle")
    func scheduledRunEndedWhileDown() {
        let stored = StoredBreakRecord.valid(BreakRecord(
            state: .running,
            cycles: CycleStarts(all: BreakFixture.berlinDate(2026, 3, 10, 16, 55)),
            scheduledUntil: BreakFixture.berlinDate(2026, 3, 10, 17)
        ))
        let record = reconcile(stored, settings: BreakSettings(workingHours: BreakFixture.officeHours), now: BreakFixture.berlinDate(2026, 3, 10, 19))
        #expect(record.state == .idle)
        #expect(record.scheduledUntil == nil)
    }

    @Test("reconciling the same record twice presents the same break with the same session ids")
    func reconcileIsRepeatable() throws {
        let now = BreakFixture.at(25)
        var first = BreakFixture.engine(reconcile(running(), now: now))
        var second = BreakFixture.engine(reconcile(running(), now: now.addingTimeInterval(30)))
        let a = try first.execute(.done(nil), now: BreakFixture.at(26))
        let b = try second.execute(.done(nil), now: BreakFixture.at(26))
        #expect(BreakFixture.saved(a).map(\.id) == BreakFixture.saved(b).map(\.id))
    }

    // MARK: The clock went back

    @Test("clock moved back a day during a snooze: the snooze lasts at most the snooze duration from now")
    func clockBackSnooze() {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(40), snoozeCount: 1)
        let record = BreakRecord(state: .snoozed(due, until: BreakFixture.at(25)), cycles: CycleStarts(all: BreakFixture.t0))
        let now = BreakFixture.at(22 - 24 * 60)
        let reconciled = BreakReconciler.reconcile(
            record: .valid(record), pendingAlarms: [], settings: .defaults, calendar: BreakFixture.berlin, now: now
        )
        guard case .snoozed(let fresh, let until) = reconciled.state else {
            Issue.record("expected snoozed, got \(reconciled.state)")
            return
        }
        #expect(until == now.addingTimeInterval(5 * 60))
        #expect(fresh.expiresAt == now.addingTimeInterval(20 * 60))
    }

    @Test("clock moved back a day during a break in progress: it ends at most its duration from now")
    func clockBackActive() {
        let due = DueBreak(kind: .long, covers: [.long], dueAt: BreakFixture.at(60), expiresAt: BreakFixture.at(120))
        let record = BreakRecord(
            state: .breakActive(due, startedAt: BreakFixture.at(61), endsAt: BreakFixture.at(66)),
            cycles: CycleStarts(all: BreakFixture.t0)
        )
        let now = BreakFixture.at(62 - 24 * 60)
        let reconciled = BreakReconciler.reconcile(
            record: .valid(record), pendingAlarms: [], settings: .defaults, calendar: BreakFixture.berlin, now: now
        )
        guard case .breakActive(_, _, let endsAt) = reconciled.state else {
            Issue.record("expected breakActive, got \(reconciled.state)")
            return
        }
        #expect(endsAt == now.addingTimeInterval(300))
    }
}
