import Foundation
import Testing
@testable import LockOutCore

@Suite("Holding breaks while a focus segment runs")
struct BreakFocusHoldTests {
    /// An engine running since t0 with a hold started at `heldAt`.
    private func held(at heldAt: Date = BreakFixture.at(5), settings: BreakSettings = .defaults) throws -> BreakEngine {
        var engine = BreakFixture.running(settings: settings)
        _ = try engine.handle(.focusHoldStarted, now: heldAt)
        return engine
    }

    @Test("focusHoldStarted records when the hold began and has no effects")
    func startRecordsDate() throws {
        var engine = BreakFixture.running()
        let effects = try engine.handle(.focusHoldStarted, now: BreakFixture.at(5))
        #expect(effects.isEmpty)
        #expect(engine.record.heldSince == BreakFixture.at(5))
        #expect(engine.record.state == .running)
    }

    @Test("starting a hold when already held keeps the first start and has no effects")
    func startTwice() throws {
        var engine = try held(at: BreakFixture.at(5))
        let effects = try engine.handle(.focusHoldStarted, now: BreakFixture.at(8))
        #expect(effects.isEmpty)
        #expect(engine.record.heldSince == BreakFixture.at(5))
    }

    @Test("ending a hold when not held changes nothing")
    func endWithoutHold() throws {
        var engine = BreakFixture.running()
        let before = engine
        let effects = try engine.handle(.focusHoldEnded(at: BreakFixture.at(5)), now: BreakFixture.at(5))
        #expect(effects.isEmpty)
        #expect(BreakFixture.same(engine, before))
    }

    @Test("held and running: no kind deadline is the next deadline")
    func noKindDeadlineWhileHeld() throws {
        let engine = try held()
        #expect(engine.nextDeadline(now: BreakFixture.at(5)) == nil)
    }

    @Test("held and running: the working-hours run's end is still the next deadline")
    func scheduledEndWhileHeld() throws {
        let engine = BreakFixture.running(scheduledUntil: BreakFixture.at(45))
        var heldEngine = engine
        _ = try heldEngine.handle(.focusHoldStarted, now: BreakFixture.at(5))
        #expect(heldEngine.nextDeadline(now: BreakFixture.at(5)) == BreakFixture.at(45))
    }

    @Test("held: ticking past every deadline presents nothing and records nothing")
    func tickPresentsNothing() throws {
        var engine = try held()
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(150))
        #expect(effects.isEmpty)
        #expect(engine.record.state == .running)
    }

    @Test("held: a snoozed break still comes back when its snooze ends")
    func snoozeComesBack() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        _ = try engine.handle(.focusHoldStarted, now: BreakFixture.at(21))
        #expect(engine.nextDeadline(now: BreakFixture.at(21)) == BreakFixture.at(25))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(25))
        #expect(BreakFixture.presented(effects).map(\.title) == ["Eye Break"])
        #expect(BreakFixture.pending(engine)?.kind == .eye)
    }

    @Test("held: no kind joins a break already pending")
    func noJoinWhileHeld() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        _ = try engine.handle(.focusHoldStarted, now: BreakFixture.at(21))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(35))
        #expect(effects.isEmpty)
        #expect(BreakFixture.pending(engine)?.covers == [.eye])
    }

    @Test("held: a pending break still expires as skipped")
    func pendingStillExpires() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        _ = try engine.handle(.focusHoldStarted, now: BreakFixture.at(21))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(41))
        #expect(BreakFixture.saved(effects).map(\.outcome) == [.skipped])
        #expect(engine.record.state == .running)
    }

    @Test("hold end: every kind that fell due during the hold falls due at its end as one break, the longest shown")
    func heldKindsFallDueTogether() throws {
        var engine = try held()
        let end = BreakFixture.at(70)
        let effects = try engine.handle(.focusHoldEnded(at: end), now: end)
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .long)
        #expect(due.covers == [.eye, .micro, .long])
        #expect(due.dueAt == end)
        #expect(BreakFixture.presented(effects).map(\.title) == ["Long Break"])
        #expect(engine.record.heldSince == nil)
    }

    @Test("hold end: each held kind's cycle is moved so it falls due exactly at the end")
    func heldCyclesMoved() throws {
        var engine = try held()
        let end = BreakFixture.at(70)
        _ = try engine.handle(.focusHoldEnded(at: end), now: end)
        #expect(engine.record.cycles == CycleStarts(eye: BreakFixture.at(50), micro: BreakFixture.at(40), long: BreakFixture.at(10)))
    }

    @Test("hold end: a kind not yet due at the end keeps its own deadline")
    func laterKindKeepsDeadline() throws {
        var engine = try held()
        let end = BreakFixture.at(25)
        _ = try engine.handle(.focusHoldEnded(at: end), now: end)
        #expect(BreakFixture.pending(engine)?.covers == [.eye])
        #expect(engine.deadline(of: .micro) == BreakFixture.at(30))
    }

    @Test("hold end caught up late: the break is dated at the end, expires one interval after now, nothing is skipped")
    func catchUpNotSkipped() throws {
        var engine = try held()
        let end = BreakFixture.at(70)
        let now = BreakFixture.at(200)
        let effects = try engine.handle(.focusHoldEnded(at: end), now: now)
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.dueAt == end)
        #expect(due.expiresAt == now.addingTimeInterval(BreakFixture.minutes(60)))
        #expect(BreakFixture.saved(effects).isEmpty)
    }

    @Test("hold end after the working-hours run ended: idle, nothing presented")
    func runEndedDuringHold() throws {
        var engine = BreakFixture.running(scheduledUntil: BreakFixture.at(45))
        _ = try engine.handle(.focusHoldStarted, now: BreakFixture.at(5))
        let effects = try engine.handle(.focusHoldEnded(at: BreakFixture.at(50)), now: BreakFixture.at(50))
        #expect(engine.record.state == .idle)
        #expect(BreakFixture.presented(effects).isEmpty)
    }

    @Test("a resume while held lets no break fall due until the hold ends")
    func resumeWhileHeld() throws {
        var engine = try held()
        _ = try engine.execute(.pause(seconds: 600), now: BreakFixture.at(6))
        _ = try engine.execute(.resume, now: BreakFixture.at(10))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(100))
        #expect(effects.isEmpty)
        #expect(engine.record.state == .running)
        #expect(engine.record.heldSince == BreakFixture.at(5))
    }

    @Test("a stop and a start while held keep the hold, and nothing falls due")
    func stopStartWhileHeld() throws {
        var engine = try held()
        _ = try engine.execute(.stop, now: BreakFixture.at(6))
        _ = try engine.execute(.start, now: BreakFixture.at(7))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(100))
        #expect(effects.isEmpty)
        #expect(engine.record.heldSince == BreakFixture.at(5))
    }

    @Test("taking a break now still works while held")
    func takeBreakWhileHeld() throws {
        var engine = try held()
        _ = try engine.execute(.takeBreakNow(nil), now: BreakFixture.at(6))
        #expect(BreakFixture.active(engine)?.due.kind == .eye)
    }

    @Test("a stored record without heldSince decodes as not held")
    func decodesWithoutKey() throws {
        let json = #"{"state":{"running":{}},"cycles":{"eye":721692800,"micro":721692800,"long":721692800}}"#
        let record = try JSONDecoder().decode(BreakRecord.self, from: Data(json.utf8))
        #expect(record == BreakRecord(state: .running, cycles: CycleStarts(all: BreakFixture.t0)))
        #expect(record.heldSince == nil)
    }

    @Test("heldSince survives a JSON round trip")
    func roundTrip() throws {
        let record = BreakRecord(state: .running, cycles: CycleStarts(all: BreakFixture.t0), heldSince: BreakFixture.at(5))
        let decoded = try JSONDecoder().decode(BreakRecord.self, from: try JSONEncoder().encode(record))
        #expect(decoded.heldSince == BreakFixture.at(5))
    }

    @Test("the reconciler keeps the hold and surfaces no kind that fell due while held")
    func reconcilerKeepsHold() {
        let stored = BreakRecord(state: .running, cycles: CycleStarts(all: BreakFixture.t0), heldSince: BreakFixture.at(5))
        let record = BreakReconciler.reconcile(
            record: .valid(stored), pendingAlarms: [], settings: .defaults, calendar: BreakFixture.berlin, now: BreakFixture.at(90)
        )
        #expect(record == stored)
    }

    @Test("the reconciler keeps the hold when a pause ran out while nothing ran")
    func reconcilerKeepsHoldAfterPause() {
        let stored = BreakRecord(state: .paused(until: BreakFixture.at(30)), cycles: CycleStarts(all: BreakFixture.t0), heldSince: BreakFixture.at(5))
        let record = BreakReconciler.reconcile(
            record: .valid(stored), pendingAlarms: [], settings: .defaults, calendar: BreakFixture.berlin, now: BreakFixture.at(90)
        )
        #expect(record.state == .running)
        #expect(record.heldSince == BreakFixture.at(5))
    }

    @Test("the reconciler joins no held kind to a waiting break")
    func reconcilerNoJoinWhileHeld() throws {
        let due = DueBreak(kind: .eye, covers: [.eye], dueAt: BreakFixture.at(20), expiresAt: BreakFixture.at(40))
        let stored = BreakRecord(state: .breakPending(due), cycles: CycleStarts(all: BreakFixture.t0), heldSince: BreakFixture.at(21))
        let record = BreakReconciler.reconcile(
            record: .valid(stored), pendingAlarms: [], settings: .defaults, calendar: BreakFixture.berlin, now: BreakFixture.at(35)
        )
        #expect(record == stored)
    }

    @Test("the dashboard says breaks wait for focus and counts down to no break")
    func dashboardHeld() throws {
        let dashboard = DashboardScreen(engine: try held(), today: nil, now: BreakFixture.at(7.5))
        #expect(dashboard.heldForFocus)
        #expect(dashboard.nextBreak == nil)
        #expect(dashboard.state == "running")
        #expect(dashboard.headline == "Breaks wait until the focus segment ends")
    }

    @Test("the dashboard is not held for focus without a hold")
    func dashboardNotHeld() {
        let dashboard = DashboardScreen(engine: BreakFixture.running(), today: nil, now: BreakFixture.at(7.5))
        #expect(dashboard.heldForFocus == false)
        #expect(dashboard.nextBreak?.kind == .eye)
    }
}
