import Foundation
import LockOutAgent
import LockOutCore
import Testing
import LockOutRuntime

@Suite("Agent: health gate")
struct DeviceAgentGateTests {
    private static let minute: TimeInterval = 60
    private static let steam = BlockedApp(executable: "steam")
    /// The fixture's first day in Berlin: Monday 2026-11-23.
    private static let today = LocalDate(year: 2026, month: 11, day: 23)
    /// The next local midnight: 2026-11-24 00:00 in Berlin is 23:00 UTC, 15 hours after the fixture starts.
    private static let midnight = AgentFixture.start.addingTimeInterval(15 * 3600)

    /// An agent with the parts a test looks at.
    private struct Running {
        let agent: DeviceAgent
        let timer: ManualDeadlineTimer
        let notifier: RecordingNotifier
        let shield: RecordingShieldController
    }

    /// A started agent over `fixture` with `apps` blocked and breaks stopped, so the timer shows only the gate's deadlines.
    private func started(
        _ fixture: AgentFixture,
        blocking apps: [BlockedApp] = [steam],
        source: (any HealthReading)? = nil
    ) async throws -> Running {
        try fixture.database.gateStore.saveSettings(GateSettings(blockedApps: apps))
        return try await restarted(fixture, source: source)
    }

    /// A new agent over the fixture's database, as a new process would start it, with breaks stopped.
    private func restarted(_ fixture: AgentFixture, source: (any HealthReading)? = nil) async throws -> Running {
        let timer = ManualDeadlineTimer()
        let notifier = RecordingNotifier()
        let shield = RecordingShieldController()
        let agent = fixture.makeAgent(notifier: notifier, timer: timer, gate: fixture.gateService(source: source), shield: shield)
        try await agent.start()
        _ = try await agent.perform(BreakCommand.stop)
        return Running(agent: agent, timer: timer, notifier: notifier, shield: shield)
    }

    /// Adds `steps` to today's manual steps in the fixture's database.
    private func logSteps(_ steps: Double, _ fixture: AgentFixture) throws {
        _ = try fixture.database.healthTotalsStore.addManual(steps, to: .steps, on: Self.today)
    }

    private func gateNotices(_ notifier: RecordingNotifier) -> [NotificationRequest] {
        notifier.presented.filter { $0.id == GateNotices.id }
    }

    private func shieldNotices(_ notifier: RecordingNotifier) -> [NotificationRequest] {
        notifier.presented.filter { $0.id == DeviceAgent.shieldNoticeID }
    }

    // MARK: - Start, goals, midnight

    @Test("started with steam blocked and no steps: the shields lock steam and the gate is closed on steps")
    func startLocksBlockedApps() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)

        #expect(running.shield.isOn)
        #expect(running.shield.apps == [Self.steam])
        let screen = try await running.agent.gateScreen()
        #expect(screen.status == .closed(unmet: [.steps]))
        #expect(screen.closingGoals == [.steps])
        #expect(screen.goals.map(\.text) == ["0 / 10,000 steps"])
    }

    @Test("blocking steam while the gate is closed locks it at once and stores the block list")
    func blockWhileClosed() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture, blocking: [])
        #expect(running.shield.apps.isEmpty)

        let screen = try await running.agent.perform(GateCommand.block(Self.steam))

        #expect(screen.blockedApps == [Self.steam])
        #expect(screen.status == .closed(unmet: [.steps]))
        #expect(running.shield.isOn)
        #expect(running.shield.apps == [Self.steam])
        #expect(try fixture.database.gateStore.loadSettings().blockedApps == [Self.steam])
    }

    @Test("10,000 steps logged and a refresh: the shields lift, the gate is open and 'Goals met' is shown once")
    func goalsMetOpens() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)

        try logSteps(10_000, fixture)
        let screen = try await running.agent.perform(GateCommand.refresh)

        #expect(screen.status == .open(.goalsMet))
        #expect(screen.closingGoals.isEmpty)
        #expect(!running.shield.isOn)
        #expect(gateNotices(running.notifier).map(\.title) == ["Goals met"])
    }

    @Test("the next local midnight closes a met gate again: yesterday's steps stop counting and the shields go on")
    func midnightCloses() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        try logSteps(10_000, fixture)
        _ = try await running.agent.perform(GateCommand.refresh)
        #expect(!running.shield.isOn)

        #expect(running.timer.deadline == Self.midnight)
        fixture.wall.set(try #require(running.timer.deadline))
        await running.agent.timerFired(.deadlineReached)

        let screen = try await running.agent.gateScreen()
        #expect(screen.status == .closed(unmet: [.steps]))
        #expect(screen.goals.map(\.current) == [0])
        #expect(running.shield.isOn)
        #expect(running.shield.apps == [Self.steam])
    }

    @Test("a clock change re-reads the source at once: steps logged meanwhile open the gate without a refresh")
    func clockChangeReads() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)

        try logSteps(10_000, fixture)
        fixture.wall.advance(by: Self.minute)
        await running.agent.timerFired(.clockChanged)

        #expect(try await running.agent.gateScreen().status == .open(.goalsMet))
        #expect(!running.shield.isOn)
    }

    @Test("a read that ends after midnight is discarded and today is read again: the new day's totals decide")
    func readAcrossMidnight() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.midnight.addingTimeInterval(-30))
        let source = OverMidnightSource(wall: fixture.wall, after: Self.midnight.addingTimeInterval(60))
        let running = try await started(fixture, source: source)

        let tuesday = Self.today.adding(days: 1, in: fixture.calendar)
        #expect(source.days == [Self.today, tuesday])
        let screen = try await running.agent.gateScreen()
        #expect(screen.status == .open(.goalsMet))
        #expect(!running.shield.isOn)
        let log = try fixture.database.gateStore.log(from: .distantPast).map(\.event)
        #expect(log.contains(.staleReadingDiscarded(day: Self.today)))
    }

    // MARK: - Waking

    @Test("with nothing blocked the gate never wakes the agent")
    func nothingBlockedNoWake() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture, blocking: [])

        #expect(try await running.agent.gateScreen().status == .closed(unmet: [.steps]))
        #expect(await running.agent.nextDeadline() == nil)
        #expect(running.timer.deadline == nil)
    }

    @Test("with steam blocked and goals unmet the agent wakes 15 min after the last read and reads again")
    func backstopReads() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        let backstop = AgentFixture.start.addingTimeInterval(15 * Self.minute)

        #expect(await running.agent.nextDeadline() == backstop)
        #expect(running.timer.deadline == backstop)

        try logSteps(10_000, fixture)
        fixture.wall.set(backstop)
        await running.agent.timerFired(.deadlineReached)

        #expect(try await running.agent.gateScreen().status == .open(.goalsMet))
        #expect(!running.shield.isOn)
        #expect(running.timer.deadline == Self.midnight)
    }

    // MARK: - Peek

    @Test("a peek lifts the shields for 180 s; at its end they go back on even though the source now fails")
    func peekFailsClosed() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let source = InMemoryHealthReading()
        let running = try await started(fixture, source: source)

        let peeking = try await running.agent.perform(GateCommand.peek)
        #expect(peeking.status == .open(.peek))
        #expect(peeking.peek == .running(secondsLeft: 180))
        #expect(!running.shield.isOn)
        let peekEnd = AgentFixture.start.addingTimeInterval(180)
        #expect(running.timer.deadline == peekEnd)

        source.fail("offline")
        fixture.wall.set(peekEnd)
        await running.agent.timerFired(.deadlineReached)

        let screen = try await running.agent.gateScreen()
        #expect(screen.status == .closed(unmet: [.steps]))
        #expect(screen.sourceFailure?.reason == "offline")
        #expect(running.shield.isOn)
        #expect(running.shield.apps == [Self.steam])
    }

    // MARK: - A failing source

    @Test("a failing source leaves a closed gate closed and the screen reports the failure")
    func failingSourceKeepsClosed() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let source = InMemoryHealthReading()
        let running = try await started(fixture, source: source)

        source.fail("permission revoked")
        let screen = try await running.agent.perform(GateCommand.refresh)

        #expect(screen.status == .closed(unmet: [.steps]))
        let failure = try #require(screen.sourceFailure)
        #expect(failure.at == AgentFixture.start)
        #expect(failure.reason.contains("permission revoked"))
        #expect(running.shield.isOn)
    }

    @Test("a failing source leaves an open gate open")
    func failingSourceKeepsOpen() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let source = InMemoryHealthReading()
        let running = try await started(fixture, source: source)
        source.set(HealthTotals(day: Self.today, values: [.steps: 10_000]))
        _ = try await running.agent.perform(GateCommand.refresh)

        source.fail("permission revoked")
        fixture.wall.advance(by: Self.minute)
        let screen = try await running.agent.perform(GateCommand.refresh)

        #expect(screen.status == .open(.goalsMet))
        #expect(screen.sourceFailure != nil)
        #expect(!running.shield.isOn)
    }

    @Test("after 24 h of failed reads the gate opens as 'source unavailable' and says so; until then it stays closed")
    func dayOfFailureOpens() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let source = InMemoryHealthReading()
        let running = try await started(fixture, source: source)
        source.fail("no data")
        _ = try await running.agent.perform(GateCommand.refresh)
        let opensAt = AgentFixture.start.addingTimeInterval(24 * 3600)

        var wakes = 0
        var lockedThroughout = true
        while let deadline = running.timer.deadline, deadline < opensAt, wakes < 200 {
            fixture.wall.set(deadline)
            await running.agent.timerFired(.deadlineReached)
            lockedThroughout = lockedThroughout && running.shield.isOn
            wakes += 1
        }
        #expect(lockedThroughout)
        #expect(wakes > 0 && wakes < 200)
        #expect(running.timer.deadline == opensAt)
        #expect(try await running.agent.gateScreen().status == .closed(unmet: [.steps]))
        #expect(gateNotices(running.notifier).isEmpty)

        fixture.wall.set(opensAt)
        await running.agent.timerFired(.deadlineReached)

        #expect(try await running.agent.gateScreen().status == .open(.sourceUnavailable))
        #expect(!running.shield.isOn)
        #expect(gateNotices(running.notifier).map(\.title) == ["Apps unlocked"])
    }

    // MARK: - Emergency unlock

    @Test("emergency unlock: the code shows after 15 s and typing it opens the gate until midnight")
    func emergencyUnlock() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)

        let waiting = try await running.agent.perform(GateCommand.emergencyUnlock)
        #expect(waiting.emergency == .waiting(secondsLeft: 15))
        #expect(waiting.status.isClosed)

        fixture.wall.advance(by: 15)
        #expect(try await running.agent.gateScreen().emergency == .codeShown(FrictionCode(number: 4821)))
        let unlocked = try await running.agent.perform(GateCommand.enterCode("4821"))

        #expect(unlocked.status == .open(.emergencyUnlock))
        #expect(unlocked.emergency == .unlocked)
        #expect(!running.shield.isOn)
        // The request and the unlock are in the stored log, with their times.
        let log = try fixture.database.gateStore.log(from: AgentFixture.start)
        let unlockEntries = log.filter { [.emergencyUnlockRequested, .emergencyUnlocked].contains($0.event) }
        #expect(unlockEntries.map(\.event) == [.emergencyUnlockRequested, .emergencyUnlocked])
        #expect(unlockEntries.map(\.at) == [AgentFixture.start, AgentFixture.start.addingTimeInterval(15)])
        #expect(log.last?.event == .opened(.emergencyUnlock))
    }

    @Test("a wrong emergency code is refused and changes nothing")
    func wrongCode() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        _ = try await running.agent.perform(GateCommand.emergencyUnlock)
        fixture.wall.advance(by: 15)
        let before = try await running.agent.gateScreen()
        let storedBefore = try fixture.database.gateStore.loadRecord()
        let shieldCalls = running.shield.callCount

        await #expect(throws: GateInputError.wrongCode) {
            _ = try await running.agent.perform(GateCommand.enterCode("1234"))
        }

        #expect(try await running.agent.gateScreen() == before)
        #expect(try fixture.database.gateStore.loadRecord() == storedBefore)
        #expect(running.shield.callCount == shieldCalls)
        #expect(running.shield.isOn)
    }

    // MARK: - Settings

    @Test("lowering the steps target while closed is held: the stored settings keep 10,000 and 5,000 steps don't open")
    func weakeningEditHeld() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)

        let screen = try await running.agent.perform(GateCommand.setGoal(.steps, target: 5_000, schedule: nil))

        #expect(screen.hasHeldEdit)
        #expect(screen.heldSettings?.steps.target == 5_000)
        #expect(screen.settings.steps.target == 10_000)
        #expect(try fixture.database.gateStore.loadSettings().steps.target == 10_000)

        try logSteps(5_000, fixture)
        let refreshed = try await running.agent.perform(GateCommand.refresh)
        #expect(refreshed.status == .closed(unmet: [.steps]))
        #expect(running.shield.isOn)
    }

    // MARK: - Restart

    @Test("a restarted agent restores the block list, today's peeks and the held edit, and locks steam again")
    func restartRestoresClosedGate() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let first = try await started(fixture)
        _ = try await first.agent.perform(GateCommand.setGoal(.steps, target: 5_000, schedule: nil))
        _ = try await first.agent.perform(GateCommand.peek)
        await first.agent.stop()
        #expect(!first.shield.isOn)

        fixture.wall.advance(by: 10 * Self.minute)
        let second = try await restarted(fixture)

        let screen = try await second.agent.gateScreen()
        #expect(screen.status == .closed(unmet: [.steps]))
        #expect(screen.blockedApps == [Self.steam])
        #expect(screen.peek == .available(seconds: 120))
        #expect(screen.heldSettings?.steps.target == 5_000)
        #expect(screen.settings.steps.target == 10_000)
        #expect(second.shield.isOn)
        #expect(second.shield.apps == [Self.steam])
    }

    @Test("a restarted agent keeps a met gate open, shields off, without announcing it again")
    func restartKeepsOpenGate() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let first = try await started(fixture)
        try logSteps(10_000, fixture)
        _ = try await first.agent.perform(GateCommand.refresh)
        await first.agent.stop()

        fixture.wall.advance(by: 10 * Self.minute)
        let second = try await restarted(fixture)

        #expect(try await second.agent.gateScreen().status == .open(.goalsMet))
        #expect(second.shield.callCount > 0)
        #expect(!second.shield.isOn)
        #expect(gateNotices(second.notifier).isEmpty)
    }

    // MARK: - Shield notices

    @Test("steam stopped while closed: a notice says what unlocks it, with today's progress")
    func shieldStoppedWhileClosed() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        try logSteps(6_240, fixture)
        _ = try await running.agent.perform(GateCommand.refresh)

        await running.agent.shieldStopped(executable: "steam")

        let notices = shieldNotices(running.notifier)
        #expect(notices.map(\.title) == ["Steam is locked"])
        #expect(notices.map(\.body) == ["Steam is locked until you reach 10,000 steps — 6,240 so far"])
    }

    @Test("steam stopped while open: no notice")
    func shieldStoppedWhileOpen() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        try logSteps(10_000, fixture)
        _ = try await running.agent.perform(GateCommand.refresh)
        let presentedBefore = running.notifier.presented.count

        await running.agent.shieldStopped(executable: "steam")

        #expect(shieldNotices(running.notifier).isEmpty)
        #expect(running.notifier.presented.count == presentedBefore)
    }
}

/// A source whose first read lasts past midnight: it answers for the day it was asked about, but by the
/// time the answer arrives the clock shows the next day. Every answer is 12,000 steps.
private final class OverMidnightSource: HealthReading, @unchecked Sendable {
    private let lock = NSLock()
    private let wall: ManualWallClock
    private let after: Date
    private var asked: [LocalDate] = []

    init(wall: ManualWallClock, after: Date) {
        self.wall = wall
        self.after = after
    }

    /// The days read, in order.
    var days: [LocalDate] { lock.withLock { asked } }

    func readout(for day: LocalDate) async throws -> HealthReadout {
        let first = lock.withLock {
            asked.append(day)
            return asked.count == 1
        }
        if first { wall.set(after) }
        return HealthReadout(totals: HealthTotals(day: day, values: [.steps: 12_000]), confirmed: true)
    }
}
