import Foundation
import Testing
@testable import LockOutCore

@Suite("Health gate: evaluation, daily reset and deadlines")
struct HealthGateEngineTests {
    @Test("agent start on a fresh gate reads today and locks the blocked apps")
    func startReadsAndLocks() throws {
        var gate = GateFixture.gate()
        let effects = try gate.handle(.evaluationRequested, now: GateFixture.t0)
        #expect(GateFixture.reads(effects) == [GateFixture.monday])
        #expect(GateFixture.shields(effects) == [true])
        #expect(GateFixture.shieldedApps(effects) == ["steam"])
    }

    @Test("a reading that meets the goal opens the gate and says so")
    func readingOpens() throws {
        var gate = GateFixture.gate()
        _ = try gate.handle(.evaluationRequested, now: GateFixture.t0)
        let effects = try gate.handle(GateFixture.reading(steps: 10_000), now: GateFixture.at(1))
        #expect(GateFixture.shields(effects) == [false])
        #expect(GateFixture.logs(effects) == [.opened(.goalsMet)])
        #expect(GateFixture.notices(effects).map(\.title) == ["Goals met"])
        #expect(gate.status(now: GateFixture.at(1)) == .open(.goalsMet))
    }

    @Test("a reading below the goal keeps the gate closed without touching the shields")
    func readingBelowKeepsClosed() throws {
        var gate = GateFixture.gate()
        _ = try gate.handle(.evaluationRequested, now: GateFixture.t0)
        let effects = try gate.handle(GateFixture.reading(steps: 9_999), now: GateFixture.at(1))
        #expect(GateFixture.shields(effects).isEmpty)
        #expect(gate.status(now: GateFixture.at(1)) == .closed(unmet: [.steps]))
    }

    @Test("a gate with no goal today is open")
    func noGoalToday() throws {
        var settings = GateFixture.only(.steps)
        settings.steps.schedule = .weekends
        let gate = try GateFixture.evaluated(settings)
        #expect(gate.status(now: GateFixture.t0) == .open(.noGoalsToday))
    }

    @Test("the unlock time opens the gate when the clock reaches it, on a tick")
    func unlockTimeOpensOnTick() throws {
        var gate = try GateFixture.evaluated(GateFixture.only(.unlockTime))
        let unlock = GateFixture.local(GateFixture.monday, 19)
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: unlock.addingTimeInterval(-60))).isEmpty)
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: unlock)) == [false])
    }

    // MARK: - Daily reset

    @Test("at midnight an open gate closes again and today is read")
    func midnightCloses() throws {
        var gate = try GateFixture.evaluated(steps: 12_000)
        let effects = GateFixture.tick(&gate, at: GateFixture.midnight)
        #expect(GateFixture.shields(effects) == [true])
        #expect(GateFixture.reads(effects) == [LocalDate(year: 2026, month: 11, day: 24)])
        #expect(gate.record.totals == nil)
    }

    @Test("yesterday's totals do not open today's gate even before today's first read")
    func yesterdaysTotalsStopCounting() throws {
        let gate = try GateFixture.evaluated(steps: 12_000)
        #expect(gate.status(now: GateFixture.midnight) == .closed(unmet: [.steps]))
    }

    @Test("a reading of yesterday that arrives after midnight is discarded and today is read again")
    func staleReadingDiscarded() throws {
        var gate = try GateFixture.evaluated(steps: 2_000, at: GateFixture.midnight.addingTimeInterval(-60))
        let afterMidnight = GateFixture.midnight.addingTimeInterval(5)
        let effects = try gate.handle(GateFixture.reading(steps: 12_000), now: afterMidnight)
        #expect(GateFixture.logs(effects).contains(.staleReadingDiscarded(day: GateFixture.monday)))
        #expect(GateFixture.reads(effects) == [LocalDate(year: 2026, month: 11, day: 24)])
        #expect(gate.status(now: afterMidnight).isClosed)
    }

    @Test("a today-only goal expires at midnight: disabled, back to every day, and saved")
    func todayOnlyExpires() throws {
        var settings = GateFixture.only(.steps, .exercise)
        settings.exercise.schedule = .todayOnly(day: GateFixture.monday)
        var gate = try GateFixture.evaluated(settings)
        let effects = GateFixture.tick(&gate, at: GateFixture.midnight)
        #expect(gate.settings.exercise == GateGoal(isEnabled: false, target: 30, schedule: .everyDay))
        #expect(GateFixture.savedSettings(effects) == [gate.settings])
    }

    // MARK: - Deadlines and backstop

    @Test("while goals are unmet the next deadline is the 15-minute backstop")
    func backstopDeadline() throws {
        let gate = try GateFixture.evaluated()
        #expect(gate.nextDeadline(now: GateFixture.at(1)) == GateFixture.at(15))
    }

    @Test("with goals met the next deadline is midnight")
    func openDeadlineIsMidnight() throws {
        let gate = try GateFixture.evaluated(steps: 10_000)
        #expect(gate.nextDeadline(now: GateFixture.at(1)) == GateFixture.midnight)
    }

    @Test("an unlock time before the backstop is the next deadline")
    func unlockTimeDeadline() throws {
        var settings = GateFixture.only(.steps, .unlockTime)
        settings.unlockTime.target = 9 * 60 + 10
        let gate = try GateFixture.evaluated(settings)
        #expect(gate.nextDeadline(now: GateFixture.t0) == GateFixture.at(10))
    }

    @Test("the backstop reads the source again once 15 minutes have passed, not before")
    func backstopReads() throws {
        var gate = try GateFixture.evaluated()
        #expect(GateFixture.reads(GateFixture.tick(&gate, at: GateFixture.at(14))).isEmpty)
        #expect(GateFixture.reads(GateFixture.tick(&gate, at: GateFixture.at(15))) == [GateFixture.monday])
    }

    @Test("a peek's end comes before the backstop")
    func peekDeadline() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.peekRequested, now: GateFixture.t0)
        #expect(gate.nextDeadline(now: GateFixture.t0) == GateFixture.plus(180, GateFixture.t0))
    }
}

@Suite("Health gate: fail-safe and fail-open")
struct HealthGateFailSafeTests {
    @Test("a failing source leaves a closed gate closed and records the failure")
    func failureKeepsClosed() throws {
        var gate = try GateFixture.evaluated()
        let effects = try gate.handle(.sourceFailed(reason: "database locked"), now: GateFixture.at(5))
        #expect(GateFixture.shields(effects).isEmpty)
        #expect(gate.status(now: GateFixture.at(5)).isClosed)
        #expect(gate.record.lastFailure == GateSourceFailure(at: GateFixture.at(5), reason: "database locked"))
    }

    @Test("a failing source leaves an open gate open")
    func failureKeepsOpen() throws {
        var gate = try GateFixture.evaluated(steps: 10_000)
        let effects = try gate.handle(.sourceFailed(reason: "timeout"), now: GateFixture.at(5))
        #expect(GateFixture.shields(effects).isEmpty)
        #expect(gate.status(now: GateFixture.at(5)) == .open(.goalsMet))
    }

    @Test("a source failing for a whole day opens the gate")
    func failingForADayOpens() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.sourceFailed(reason: "gone"), now: GateFixture.at(5))
        let effects = GateFixture.tick(&gate, at: GateFixture.at(5 + 24 * 60))
        #expect(GateFixture.shields(effects) == [false])
        #expect(gate.status(now: GateFixture.at(5 + 24 * 60)) == .open(.sourceUnavailable))
    }

    @Test("a source failing for a minute less than a day keeps the gate closed")
    func failingNotYetADay() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.sourceFailed(reason: "gone"), now: GateFixture.at(5))
        _ = try gate.handle(.sourceFailed(reason: "gone"), now: GateFixture.at(4 + 24 * 60))
        #expect(gate.status(now: GateFixture.at(4 + 24 * 60)).isClosed)
    }

    @Test("a success in between restarts the day of grace")
    func successResetsGrace() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.sourceFailed(reason: "gone"), now: GateFixture.at(5))
        _ = try gate.handle(GateFixture.reading(steps: 100), now: GateFixture.at(60))
        _ = try gate.handle(.sourceFailed(reason: "gone"), now: GateFixture.at(120))
        #expect(gate.status(now: GateFixture.at(5 + 24 * 60)).isClosed)
    }

    @Test("an unconfirmed source that reports nothing at all opens the gate")
    func unconfirmedEmptyOpens() throws {
        let gate = try GateFixture.evaluated(confirmed: false)
        #expect(gate.status(now: GateFixture.t0) == .open(.sourceUnconfirmed))
    }

    @Test("a confirmed source reporting zero keeps the gate closed")
    func confirmedZeroCloses() throws {
        let gate = try GateFixture.evaluated(confirmed: true)
        #expect(gate.status(now: GateFixture.t0).isClosed)
    }

    @Test("a source that once reported data stays confirmed when it later reports nothing")
    func dataConfirms() throws {
        var gate = try GateFixture.evaluated(steps: 300, confirmed: false)
        _ = try gate.handle(GateFixture.reading(confirmed: false), now: GateFixture.at(20))
        #expect(gate.status(now: GateFixture.at(20)).isClosed)
    }
}
