import Foundation
import LockOutAgent
import LockOutCore
import LockOutStore
import Testing
import LockOutRuntime

@Suite("Agent: rewards")
struct DeviceAgentRewardsTests {
    private static let pin = "1357"

    /// An agent with the parts a test looks at.
    private struct Running {
        let agent: DeviceAgent
        let timer: ManualDeadlineTimer
        let notifier: RecordingNotifier
        let shield: RecordingShieldController
    }

    private func rewardsService(_ fixture: AgentFixture, database: AppDatabase? = nil) -> RewardsService {
        RewardsService(
            store: GRDBRewardsStore(database ?? fixture.database, calendar: fixture.calendar), calendar: fixture.calendar, pins: PINHasher(),
            sessionPrograms: { [:] }
        )
    }

    /// A new agent over the fixture's database with rewards attached, as a new process would start it, breaks stopped.
    private func started(_ fixture: AgentFixture, database: AppDatabase? = nil) async throws -> Running {
        let timer = ManualDeadlineTimer()
        let notifier = RecordingNotifier()
        let shield = RecordingShieldController()
        let agent = fixture.makeAgent(notifier: notifier, timer: timer, shield: shield)
        await agent.attachRewards(rewardsService(fixture, database: database), meter: nil)
        try await agent.start()
        _ = try await agent.perform(BreakCommand.stop)
        return Running(agent: agent, timer: timer, notifier: notifier, shield: shield)
    }

    /// A started agent with a PIN, `gcompris` a learning program and `supertux` a reward program.
    private func configured(_ fixture: AgentFixture) async throws -> Running {
        let running = try await started(fixture)
        _ = try await running.agent.setParentPIN(Self.pin, old: nil)
        _ = try await running.agent.perform(.setProgram("gcompris", category: .learning, rate: nil), pin: Self.pin)
        _ = try await running.agent.perform(.setProgram("supertux", category: .reward, rate: nil), pin: Self.pin)
        return running
    }

    /// Ten minutes of reward time bought by an agent that then stops; answers when it opened.
    private func tenMinutesOfRewardTime(_ fixture: AgentFixture) async throws -> Date {
        let running = try await configured(fixture)
        _ = try await running.agent.perform(.adjust(points: 100, reason: "chores"), pin: Self.pin)
        _ = try await running.agent.perform(.redeem(points: 100), pin: nil)
        await running.agent.stop()
        return fixture.wall.now
    }

    private func session(_ program: String, category: ProgramCategory = .learning, minutes: Int, id: UUID = UUID(), fixture: AgentFixture) -> UsageSession {
        let end = fixture.wall.now
        return UsageSession(id: id, program: program, category: category, start: end.addingTimeInterval(-Double(minutes * 60)), end: end, activeSeconds: minutes * 60)
    }

    @Test("settings need a parent PIN: none set refuses, a weak one is refused, the right one is taken")
    func pinGuardsSettings() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        await #expect(throws: RewardsInputError.pinNotSet) {
            try await running.agent.perform(.setProgram("gcompris", category: .learning, rate: nil), pin: "1357")
        }
        await #expect(throws: RewardsInputError.weakPIN("an ascending run")) { try await running.agent.setParentPIN("1234", old: nil) }
        await #expect(throws: RewardsInputError.pinNotFourDigits) { try await running.agent.setParentPIN("13579", old: nil) }
        let screen = try await running.agent.setParentPIN(Self.pin, old: nil)
        #expect(screen.pinSet)
        await #expect(throws: RewardsInputError.wrongPIN(triesBeforeWait: 4)) {
            try await running.agent.perform(.setCap(300), pin: "2468")
        }
        #expect(try await running.agent.rewardsScreen().dailyCap == 600)
        let capped = try await running.agent.perform(.setCap(300), pin: Self.pin)
        #expect(capped.dailyCap == 300)
        await #expect(throws: RewardsInputError.pinAlreadySet) { try await running.agent.setParentPIN("2468", old: nil) }
        _ = try await running.agent.setParentPIN("2468", old: Self.pin)
        _ = try await running.agent.perform(.setCap(400), pin: "2468")
    }

    @Test("five wrong PINs, then a wait that a restart does not reset")
    func wrongPINsWait() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        _ = try await running.agent.setParentPIN(Self.pin, old: nil)
        for left in (0..<5).reversed() {
            await #expect(throws: RewardsInputError.wrongPIN(triesBeforeWait: left)) { try await running.agent.perform(.setCap(300), pin: "0000") }
        }
        await #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 30)) { try await running.agent.perform(.setCap(300), pin: Self.pin) }
        await running.agent.stop()
        let restarted = try await started(fixture, database: try fixture.reopened())
        await #expect(throws: RewardsInputError.pinLockedOut(secondsLeft: 30)) { try await restarted.agent.perform(.setCap(300), pin: Self.pin) }
        fixture.wall.advance(by: 30)
        let screen = try await restarted.agent.perform(.setCap(300), pin: Self.pin)
        #expect(screen.dailyCap == 300)
    }

    @Test("a reward program is closed by the shield until points are redeemed, and again when reward time ends")
    func rewardTimeOpensAndCloses() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await configured(fixture)
        #expect(running.shield.isOn)
        #expect(running.shield.apps.map(\.executable) == ["supertux"])

        await running.agent.recordUsage([session("gcompris", minutes: 12, fixture: fixture)])
        #expect(try await running.agent.rewardsScreen().balance == 120)
        await #expect(throws: RewardsInputError.notEnoughPoints(asked: 200, balance: 120)) {
            try await running.agent.perform(.redeem(points: 200), pin: nil)
        }
        let screen = try await running.agent.perform(.redeem(points: 50), pin: nil)
        #expect(screen.balance == 70)
        #expect(screen.rewardSecondsLeft == 300)
        #expect(running.shield.apps.isEmpty)
        let start = fixture.wall.now
        #expect(running.timer.deadline == start.addingTimeInterval(240))  // the one-minute notice

        fixture.wall.set(start.addingTimeInterval(240))
        await running.agent.timerFired(.deadlineReached)
        #expect(running.notifier.presented.last?.title == "Reward time ends in 1 minute")
        #expect(running.shield.apps.isEmpty)
        #expect(running.timer.deadline == start.addingTimeInterval(300))

        fixture.wall.set(start.addingTimeInterval(300))
        await running.agent.timerFired(.deadlineReached)
        #expect(running.notifier.presented.last?.title == "Reward time is over")
        #expect(running.shield.apps.map(\.executable) == ["supertux"])
        #expect(running.timer.deadline == nil)
    }

    @Test("reward time survives a restart with the right time left; an expired one is gone")
    func rewardTimeSurvivesRestart() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let opened = try await tenMinutesOfRewardTime(fixture)

        fixture.wall.advance(by: 120)
        let again = try await started(fixture, database: try fixture.reopened())
        #expect(again.shield.apps.isEmpty)
        #expect(try await again.agent.rewardsScreen().rewardSecondsLeft == 480)
        #expect(again.timer.deadline == opened.addingTimeInterval(540))
        await again.agent.stop()

        fixture.wall.set(opened.addingTimeInterval(3600))
        let later = try await started(fixture, database: try fixture.reopened())
        #expect(later.shield.apps.map(\.executable) == ["supertux"])
        #expect(try await later.agent.rewardsScreen().rewardSecondsLeft == 0)
        #expect(!later.notifier.presented.contains { $0.title == "Reward time is over" })  // it ended while no agent ran
    }

    @Test("reward time that ended minutes before a restart, while no agent ran, closes without a notification")
    func rewardTimeEndedJustBeforeRestart() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let opened = try await tenMinutesOfRewardTime(fixture)
        // The agent starts again two minutes after they ended.
        fixture.wall.set(opened.addingTimeInterval(720))
        let again = try await started(fixture, database: try fixture.reopened())
        #expect(again.shield.apps.map(\.executable) == ["supertux"])
        #expect(try await again.agent.rewardsScreen().rewardSecondsLeft == 0)
        #expect(!again.notifier.presented.contains { $0.title == "Reward time is over" })
    }

    @Test("the gate's block list and the closed reward programs reach the shield together")
    func gateAndRewardsShareTheShield() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        try fixture.database.gateStore.saveSettings(GateSettings(blockedApps: [BlockedApp(executable: "steam")]))
        let running = try await configured(fixture)
        #expect(Set(running.shield.apps.map(\.executable)) == ["steam", "supertux"])
        _ = try await running.agent.perform(.adjust(points: 30, reason: "chores"), pin: Self.pin)
        _ = try await running.agent.perform(.redeem(points: 30), pin: nil)
        #expect(running.shield.apps.map(\.executable) == ["steam"])
        #expect(running.shield.isOn)
    }

    @Test("a protected program can't be a reward program, and a program can't be both; nothing changes")
    func refusedPrograms() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await configured(fixture)
        await #expect(throws: RewardsInputError.protectedRewardProgram("bash", reason: ShieldProtection.catalog.reason(for: "bash")!)) {
            try await running.agent.perform(.setProgram("bash", category: .reward, rate: nil), pin: Self.pin)
        }
        await #expect(throws: RewardsInputError.rateOutOfRange(500)) {
            try await running.agent.perform(.setProgram("gcompris", category: .learning, rate: 500), pin: Self.pin)
        }
        await #expect(throws: RewardsInputError.unknownProgram("tuxmath")) {
            try await running.agent.perform(.setProgram("tuxmath", category: .none, rate: nil), pin: Self.pin)
        }
        let screen = try await running.agent.rewardsScreen()
        #expect(screen.programs.map(\.program) == ["gcompris", "supertux"])
        #expect(running.shield.apps.map(\.executable) == ["supertux"])
    }

    @Test("learning usage earns points into the ledger and the database, and the quest completes once with its reward time")
    func usageEarnsAndQuestCompletes() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await configured(fixture)
        _ = try await running.agent.perform(.setQuest(DailyQuest(title: "Practice", targetMinutes: 20)), pin: Self.pin)
        let id = UUID()
        await running.agent.recordUsage([session("gcompris", minutes: 15, id: id, fixture: fixture)])
        #expect(try await running.agent.rewardsScreen().quest?.minutes == 15)
        fixture.wall.advance(by: 300)
        // The same session written again, five minutes longer: only the new minutes count.
        await running.agent.recordUsage([session("gcompris", minutes: 20, id: id, fixture: fixture)])
        let screen = try await running.agent.rewardsScreen()
        #expect(screen.balance == 200)
        #expect(screen.quest?.completed == true)
        #expect(screen.rewardSecondsLeft == 30 * 60)
        #expect(screen.streak.days == 1)
        #expect(screen.badges.first?.id == "first_steps")
        #expect(screen.badges.first?.isUnlocked == true)
        #expect(running.shield.apps.isEmpty)
        #expect(running.notifier.presented.contains { $0.title == "Quest complete: Practice" })
        #expect(running.notifier.presented.contains { $0.title == "Badge unlocked: First Steps" })

        let history = try await running.agent.rewardsHistory(days: 1)
        #expect(history.usage.map(\.activeSeconds) == [1200])
        #expect(history.ledger.filter { $0.kind == .accrual }.map(\.points) == [200])
        // The database agrees after a restart.
        await running.agent.stop()
        let again = try await started(fixture, database: try fixture.reopened())
        #expect(try await again.agent.rewardsScreen().balance == 200)
    }

    @Test("a parent's command applies without the PIN")
    func parentImposes() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let running = try await started(fixture)
        let screen = try await running.agent.impose(.setProgram("gcompris", category: .learning, rate: 20))
        #expect(screen.programs.first?.rate == 20)
        let granted = try await running.agent.impose(.adjust(points: 50, reason: "good week"))
        #expect(granted.balance == 50)
    }
}
