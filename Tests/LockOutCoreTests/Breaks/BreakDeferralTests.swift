import Foundation
import Testing
@testable import LockOutCore

@Suite("Deferral: calls, full screen and do-not-disturb hold breaks, never beyond the maximum")
struct BreakDeferralTests {
    private typealias F = BreakFixture

    @Test("a break falling due while deferred is not shown, and falls due when the deferral ends")
    func endReleases() throws {
        var engine = F.running()
        _ = try engine.handle(.deferralStarted(reasons: [.call], maximum: F.minutes(60)), now: F.at(10))
        // The eye break falls due at 20: it may wait until 20 + 60.
        #expect(engine.nextDeadline(now: F.at(10)) == F.at(80))
        let meanwhile = try engine.handle(.tick, now: F.at(20.5))
        #expect(F.presented(meanwhile).isEmpty)
        let ended = try engine.handle(.deferralEnded, now: F.at(25))
        #expect(F.presented(ended).count == 1)
        let due = try #require(F.pending(engine))
        #expect(due.kind == .eye && due.covers == [.eye] && due.dueAt == F.at(25))
        #expect(engine.record.deferral == nil)
    }

    @Test("the maximum holds: what fell due is shown then, a new start is ignored until the reasons are gone")
    func maximumHolds() throws {
        var engine = F.running()
        _ = try engine.handle(.deferralStarted(reasons: [.fullScreen], maximum: F.minutes(20)), now: F.at(20))
        #expect(engine.activeDeferral?.until == F.at(40))
        let atMaximum = try engine.handle(.tick, now: F.at(40))
        #expect(F.presented(atMaximum).count == 1)
        let due = try #require(F.pending(engine))
        #expect(due.kind == .micro && due.covers == [.eye, .micro] && due.dueAt == F.at(40))
        #expect(engine.record.deferral?.spent == true)
        #expect(engine.activeDeferral == nil)

        _ = try engine.handle(.deferralStarted(reasons: [.fullScreen, .call], maximum: F.minutes(30)), now: F.at(41))
        #expect(engine.activeDeferral == nil)
        _ = try engine.handle(.deferralEnded, now: F.at(42))
        #expect(engine.record.deferral == nil)
        _ = try engine.handle(.deferralStarted(reasons: [.call], maximum: F.minutes(30)), now: F.at(43))
        #expect(engine.activeDeferral?.until == F.at(73))
    }

    @Test("begun before the next break falls due, the maximum runs from that break's time")
    func maximumFromTheBreaksTime() throws {
        var engine = F.running()
        #expect(engine.nextBreakFallsDue == F.at(20))
        _ = try engine.handle(.deferralStarted(reasons: [.fullScreen], maximum: F.minutes(30)), now: F.at(10))
        #expect(engine.activeDeferral == Deferral(since: F.at(10), until: F.at(50), reasons: [.fullScreen]))
        let beforeMaximum = try engine.handle(.tick, now: F.at(49.5))
        #expect(F.presented(beforeMaximum).isEmpty)
        let atMaximum = try engine.handle(.tick, now: F.at(50))
        #expect(F.presented(atMaximum).count == 1)
        #expect(F.pending(engine)?.dueAt == F.at(50))
    }

    @Test("while deferred a waiting break does not expire, and new reasons keep the start and the maximum")
    func noExpiryWhileDeferred() throws {
        var engine = F.running()
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.deferralStarted(reasons: [.doNotDisturb], maximum: F.minutes(60)), now: F.at(21))
        _ = try engine.handle(.deferralStarted(reasons: [.call, .doNotDisturb], maximum: F.minutes(5)), now: F.at(30))
        #expect(engine.activeDeferral == Deferral(since: F.at(21), until: F.at(81), reasons: [.call, .doNotDisturb]))
        let meanwhile = try engine.handle(.tick, now: F.at(45))
        #expect(F.saved(meanwhile).isEmpty)
        #expect(F.pending(engine)?.kind == .eye)
    }

    @Test("the dashboard and the status bar say why breaks wait and until when at most")
    func dashboardSaysWhy() throws {
        var engine = F.running()
        _ = try engine.handle(.deferralStarted(reasons: [.call, .fullScreen], maximum: F.minutes(60)), now: F.at(10))
        let dashboard = DashboardScreen(engine: engine, today: nil, now: F.at(11))
        let expected = "Breaks wait for a full-screen window and a call, until \(LocalTimeText.text(F.at(80), now: F.at(11), calendar: F.berlin)) at most"
        #expect(dashboard.waiting == expected)
        #expect(dashboard.headline == expected)
        #expect(dashboard.nextBreak == nil)
        let bar = StatusBarSnapshot(dashboard: dashboard, focus: nil, now: F.at(11), calendar: F.berlin)
        #expect(bar.state == "waiting")
        #expect(bar.note == expected)

        var away = F.running()
        _ = try away.handle(.personAway(since: F.at(5)), now: F.at(6))
        #expect(DashboardScreen(engine: away, today: nil, now: F.at(7)).waiting == "You are away: breaks wait for your return")
    }

    @Test("a stopped engine is not deferred, and a restart forgets a deferral")
    func idleAndRestart() throws {
        var idle = F.engine(.idle(at: F.t0))
        _ = try idle.handle(.deferralStarted(reasons: [.call], maximum: 600), now: F.at(1))
        #expect(idle.record.deferral == nil)
        var record = BreakRecord(state: .running, cycles: CycleStarts(all: F.t0))
        record.deferral = Deferral(since: F.at(1), until: F.at(61), reasons: [.call])
        let restored = BreakReconciler.reconcile(record: .valid(record), pendingAlarms: [], settings: .defaults, calendar: F.berlin, now: F.at(5))
        #expect(restored.deferral == nil)
    }
}
