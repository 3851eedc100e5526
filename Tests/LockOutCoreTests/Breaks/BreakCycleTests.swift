import Foundation
import Testing
@testable import LockOutCore

@Suite("Break cycle: deadlines, due notifications, coincident kinds")
struct BreakCycleTests {
    @Test("each kind's deadline is its cycle start plus its interval")
    func deadlines() {
        let engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(0), micro: BreakFixture.at(3), long: BreakFixture.at(-10))
        ))
        #expect(engine.deadline(of: .eye) == BreakFixture.at(20))
        #expect(engine.deadline(of: .micro) == BreakFixture.at(33))
        #expect(engine.deadline(of: .long) == BreakFixture.at(50))
    }

    @Test("running stays running one second before the eye break falls due")
    func notYetDue() {
        var engine = BreakFixture.running()
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(20).addingTimeInterval(-1))
        #expect(effects.isEmpty)
        #expect(engine.record.state == .running)
    }

    @Test("running → breakPending when the eye break falls due")
    func eyeFallsDue() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .eye)
        #expect(due.covers == [.eye])
        #expect(due.dueAt == BreakFixture.at(20))
        #expect(due.snoozeCount == 0)
    }

    @Test("deadlines are wall-clock anchored: a late tick still dates the break at its deadline")
    func lateTickKeepsDeadline() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(25))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.dueAt == BreakFixture.at(20))
        #expect(due.expiresAt == BreakFixture.at(40))
    }

    @Test("the eye break's notification has the seed texts, category and actions")
    func eyeNotification() throws {
        var engine = BreakFixture.running()
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let request = try #require(BreakFixture.presented(effects).onlyElement)
        #expect(request == NotificationRequest(
            id: BreakNotifications.id,
            title: "Eye Break",
            body: "Look at something 20 feet away for 20 seconds",
            category: "BREAK_CATEGORY",
            actions: [
                NotificationAction(id: "SNOOZE", title: "Snooze 5 min"),
                NotificationAction(id: "DONE", title: "Done"),
            ]
        ))
    }

    @Test("the micro break's notification says \"Micro Break\" / \"Step away and relax for a moment\"")
    func microNotification() throws {
        var engine = BreakFixture.running(settings: BreakFixture.only([.micro]))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(30))
        let request = try #require(BreakFixture.presented(effects).onlyElement)
        #expect(request.title == "Micro Break")
        #expect(request.body == "Step away and relax for a moment")
        #expect(request.category == "BREAK_CATEGORY")
    }

    @Test("the long break's notification says \"Long Break\" / \"Take a full break and breathe deeply\"")
    func longNotification() throws {
        var engine = BreakFixture.running(settings: BreakFixture.only([.long]))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(60))
        let request = try #require(BreakFixture.presented(effects).onlyElement)
        #expect(request.title == "Long Break")
        #expect(request.body == "Take a full break and breathe deeply")
        #expect(request.category == "BREAK_CATEGORY")
    }

    @Test("the snooze button names the configured snooze: \"Snooze 10 min\"")
    func snoozeTitleFollowsSetting() throws {
        var engine = BreakFixture.running(settings: BreakFixture.only([.eye], snoozeMinutes: 10))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let request = try #require(BreakFixture.presented(effects).onlyElement)
        #expect(request.actions.map(\.title) == ["Snooze 10 min", "Done"])
        #expect(request.actions.map(\.id) == ["SNOOZE", "DONE"])
    }

    @Test("a disabled kind never falls due")
    func disabledKindSilent() {
        var engine = BreakFixture.running(settings: BreakFixture.only([.long]))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(59))
        #expect(effects.isEmpty)
        #expect(engine.record.state == .running)
    }

    @Test("kinds falling due within the same minute present only the longest, covering the others")
    func coincidentKindsPresentLongest() throws {
        var settings = BreakSettings.defaults
        settings.eye.intervalMinutes = 60
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.t0, micro: BreakFixture.at(30.5), long: BreakFixture.at(0.5))
        ), settings: settings)
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(61))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .long)
        #expect(due.covers == [.eye, .micro, .long])
        #expect(BreakFixture.presented(effects).map(\.title) == ["Long Break"])
    }

    @Test("a kind due more than a minute after the earliest is not covered")
    func outsideCoincidenceWindow() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(10), micro: BreakFixture.at(0.5), long: BreakFixture.t0)
        ))
        // eye 30:00, micro 30:30 → covered together; long 60:00 is far away.
        BreakFixture.tick(&engine, at: BreakFixture.at(30))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .micro)
        #expect(due.covers == [.eye, .micro])
    }

    @Test("completing a coincident break saves a completed session for each covered kind")
    func coincidentCompletionSavesEach() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(40), micro: BreakFixture.at(30), long: BreakFixture.t0)
        ))
        BreakFixture.tick(&engine, at: BreakFixture.at(60))
        let effects = try engine.execute(.done(nil), now: BreakFixture.at(61))
        let sessions = BreakFixture.saved(effects)
        #expect(sessions.map(\.kind) == [.eye, .micro, .long])
        #expect(sessions.allSatisfy { $0.outcome == .completed && $0.dueAt == BreakFixture.at(60) && $0.endedAt == BreakFixture.at(61) })
        #expect(engine.record.state == .running)
    }

    @Test("completing a long break restarts every kind's cycle")
    func longRestartsAll() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(50), micro: BreakFixture.at(40), long: BreakFixture.t0)
        ))
        BreakFixture.tick(&engine, at: BreakFixture.at(60))
        #expect(BreakFixture.pending(engine)?.covers == [.long])
        let done = BreakFixture.at(62)
        _ = try engine.execute(.done(.long), now: done)
        #expect(engine.record.cycles == CycleStarts(all: done))
    }

    @Test("completing a micro break restarts eye and micro, not long")
    func microRestartsEyeAndMicro() throws {
        var engine = BreakFixture.engine(BreakRecord(
            state: .running,
            cycles: CycleStarts(eye: BreakFixture.at(25), micro: BreakFixture.t0, long: BreakFixture.t0)
        ))
        BreakFixture.tick(&engine, at: BreakFixture.at(30))
        #expect(BreakFixture.pending(engine)?.covers == [.micro])
        let done = BreakFixture.at(31)
        _ = try engine.execute(.done(nil), now: done)
        #expect(engine.record.cycles == CycleStarts(eye: done, micro: done, long: BreakFixture.t0))
    }

    @Test("completing an eye break restarts only the eye cycle")
    func eyeRestartsEye() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let done = BreakFixture.at(21)
        _ = try engine.execute(.done(.eye), now: done)
        #expect(engine.record.cycles == CycleStarts(eye: done, micro: BreakFixture.t0, long: BreakFixture.t0))
        #expect(engine.deadline(of: .eye) == BreakFixture.at(41))
    }

    @Test("a longer kind falling due while a shorter one is pending replaces it on screen")
    func longerKindUpgradesPending() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let effects = BreakFixture.tick(&engine, at: BreakFixture.at(30))
        let due = try #require(BreakFixture.pending(engine))
        #expect(due.kind == .micro)
        #expect(due.covers == [.eye, .micro])
        #expect(due.dueAt == BreakFixture.at(20))
        #expect(BreakFixture.presented(effects).map(\.title) == ["Micro Break"])
    }
}
