import Foundation
import LockOutAgent
import LockOutCore
import Testing
import LockOutRuntime

/// A new day reaches the stored settings before anything reads or edits them, in the agent and with no
/// agent running (the CLI's direct path), over a real SQLite file.
@Suite("Agent and direct gate control: a new day comes before the day's first command")
struct GateNewDayTests {
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)
    private static let tuesday = LocalDate(year: 2026, month: 11, day: 24)
    /// Tuesday 09:00 in Berlin.
    private static let tuesdayMorning = AgentFixture.start.addingTimeInterval(24 * 3600)
    private static let mondaySteps = GateCommand.setGoal(.steps, target: 10_000, schedule: .todayOnly(day: monday))
    private static let tuesdayEnergy = GateCommand.setGoal(.energy, target: 500, schedule: .todayOnly(day: tuesday))
    private static let stepsExpired = GateGoal(isEnabled: false, target: 10_000, schedule: .everyDay)

    /// An agent over `fixture` with nothing blocked, so it does not wake at midnight; breaks stopped.
    private func startedAgent(_ fixture: AgentFixture) async throws -> DeviceAgent {
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer())
        try await agent.start()
        _ = try await agent.perform(BreakCommand.stop)
        return agent
    }

    /// What the gate log holds of Tuesday.
    private func tuesdayLog(_ fixture: AgentFixture) throws -> [GateLogEvent] {
        try fixture.database.gateStore.log(from: Self.tuesday.start(in: fixture.calendar)).map(\.event)
    }

    @Test("agent: Monday's today-only steps, Tuesday's today-only energy as the first command: steps is off in the screen, the database and the log")
    func agentGoalEditFirst() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let agent = try await startedAgent(fixture)
        _ = try await agent.perform(Self.mondaySteps)

        fixture.wall.set(Self.tuesdayMorning)
        let screen = try await agent.perform(Self.tuesdayEnergy)

        #expect(screen.settings.steps == Self.stepsExpired)
        #expect(screen.goals.map(\.kind) == [.energy])
        let stored = try fixture.database.gateStore.loadSettings()
        #expect(stored == screen.settings)
        #expect(stored.energy == GateGoal(isEnabled: true, target: 500, schedule: .todayOnly(day: Self.tuesday)))
        #expect(try tuesdayLog(fixture).prefix(2) == [.todayOnlyGoalsExpired, .editApplied(.strengthening)])
    }

    @Test("agent: on Tuesday the screen asked for first shows Monday's goal expired, and the database agrees")
    func agentScreenFirst() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let agent = try await startedAgent(fixture)
        _ = try await agent.perform(Self.mondaySteps)

        fixture.wall.set(Self.tuesdayMorning)
        let screen = try await agent.gateScreen()

        #expect(screen.settings.steps == Self.stepsExpired)
        #expect(screen.status == .open(.noGoalsToday))
        #expect(try fixture.database.gateStore.loadSettings().steps == Self.stepsExpired)
        #expect(try tuesdayLog(fixture).first == .todayOnlyGoalsExpired)
    }

    @Test("no agent: the same Monday and Tuesday through the database leave steps off, saved once with its log entry")
    func directGoalEditFirst() throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let control = LocalGateControl(service: fixture.gateService(), clock: fixture.clock)
        _ = try control.perform(Self.mondaySteps)

        fixture.wall.set(Self.tuesdayMorning)
        let screen = try control.perform(Self.tuesdayEnergy)

        #expect(screen.settings.steps == Self.stepsExpired)
        #expect(try fixture.database.gateStore.loadSettings() == screen.settings)
        #expect(try fixture.database.gateStore.loadRecord()?.day == Self.tuesday)
        #expect(try tuesdayLog(fixture).filter { $0 == .todayOnlyGoalsExpired }.count == 1)
    }

    @Test("no agent: catching up on Tuesday (what 'gate log' does first) expires Monday's goal and logs it")
    func directCatchUp() throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let control = LocalGateControl(service: fixture.gateService(), clock: fixture.clock)
        _ = try control.perform(Self.mondaySteps)

        fixture.wall.set(Self.tuesdayMorning)
        try control.catchUp()

        #expect(try fixture.database.gateStore.loadSettings().steps == Self.stepsExpired)
        #expect(try tuesdayLog(fixture).first == .todayOnlyGoalsExpired)
    }
}
