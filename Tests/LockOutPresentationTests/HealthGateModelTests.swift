import Foundation
import LockOutCore
import LockOutPresentation
import Testing

extension PresentationFixture {
    /// Adds `value` to today's manual total of `metric`, as `lockout health log` does.
    func log(_ value: Double, _ metric: HealthMetric = .steps) throws {
        _ = try database.healthTotalsStore.addManual(value, to: metric, on: LocalDate(clock.now, in: calendar))
    }
}

@MainActor
@Suite("Health gate model")
struct HealthGateModelTests {
    static let steam = BlockedApp(executable: "steam")

    /// A gate blocking steam, with 6,240 of 10,000 steps read.
    private func closedGate() async throws -> (PresentationFixture, HealthGateModel) {
        let fixture = try await PresentationFixture()
        let model = HealthGateModel(agent: fixture.agent)
        await model.block(Self.steam)
        try fixture.log(6_240)
        await model.checkHealth()
        return (fixture, model)
    }

    @Test("progress shows per goal as a fraction and \"X / Y steps\"; the goal met wears its badge and opens the gate")
    func progress() async throws {
        let (fixture, model) = try await closedGate()
        #expect(model.title == "Locked" && model.isLocked)
        #expect(model.headline == "Blocked programs stay closed until: 6,240 / 10,000 steps.")
        let steps = try #require(model.goals.first)
        #expect(steps.fraction == 0.624 && steps.text == "6,240 / 10,000 steps" && steps.badge == nil)
        #expect(fixture.shield.state.on && fixture.shield.state.apps == [Self.steam])
        try fixture.log(4_000)
        await model.checkHealth()
        #expect(model.goals.first?.text == "10,240 / 10,000 steps")
        #expect(model.goals.first?.badge == "Goal met")
        #expect(model.title == "Open" && model.headline == "Today's goals are met: blocked programs are allowed.")
        #expect(!fixture.shield.state.on)
    }

    @Test("the blocked apps list shows abstract names; a protected program is refused")
    func blockedApps() async throws {
        let (_, model) = try await closedGate()
        #expect(model.blockedApps.map(\.displayName) == ["Steam"])
        await model.block(BlockedApp(executable: "bash"))
        #expect(model.message?.text.hasPrefix("'bash' can never be blocked") == true)
        #expect(model.blockedApps.map(\.displayName) == ["Steam"])
    }

    @Test("the goal editors carry Core's ranges and steps; raising a goal applies at once")
    func editors() async throws {
        let (_, model) = try await closedGate()
        let editors = model.goalEditors
        #expect(editors.map(\.name) == ["Steps", "Active energy", "Exercise", "Unlock time"])
        #expect(editors.map(\.range) == [500...100_000, 10...5_000, 1...600, 0...1_439])
        #expect(editors.map(\.step) == [500, 1, 1, 1])
        #expect(editors.map(\.targetText) == ["10,000 steps", "500 kcal", "30 min", "19:00"])
        #expect(editors.map(\.isEnabled) == [true, false, false, false])
        #expect(editors.first?.days == "every day")
        await model.setTarget(.steps, 12_000)
        #expect(model.goalEditors.first?.targetText == "12,000 steps")
        #expect(model.heldEditText == nil)
        await model.setTarget(.steps, 12_250)
        #expect(model.message?.text == "steps target of 12250 is not a multiple of 500: use 12000 or 12500")
    }

    @Test("a weakening edit is held: the model shows it, when it applies, and its code after the wait")
    func heldEdit() async throws {
        let (fixture, model) = try await closedGate()
        await model.setTarget(.steps, 5_000)
        #expect(model.message == nil)
        #expect(model.goalEditors.first?.target == 10_000)
        #expect(model.heldChanges == ["Steps: 10,000 steps → 5,000 steps"])
        #expect(model.heldEditText == "A change that makes the gate weaker waits until today's goals are met, or for its code, shown in 00:15.")
        #expect(model.codePrompt == "The code for the held change is shown in 00:15.")
        #expect(!model.acceptsCode && model.canCancel)
        await model.enterCode("4821")
        #expect(model.message?.text == "the code is shown after the wait: 15 s to go")
        fixture.clock.advance(by: 15)
        await model.refresh()
        #expect(model.acceptsCode)
        #expect(model.codePrompt == "To confirm the held change, type this code: 4821")
        await model.enterCode("1234")
        #expect(model.message?.text == "that is not the code shown: type the 4 digits exactly")
        #expect(model.goalEditors.first?.target == 10_000)
        await model.enterCode("4821")
        #expect(model.goalEditors.first?.target == 5_000)
        #expect(model.heldEditText == nil && model.heldChanges.isEmpty)
        #expect(model.goals.first?.text == "6,240 / 5,000 steps" && model.title == "Open")
    }

    @Test("a held edit applies by itself once today's goals are met")
    func heldEditAppliesWhenGoalsMet() async throws {
        let (fixture, model) = try await closedGate()
        await model.unblock(Self.steam)
        #expect(model.heldChanges == ["Steam: blocked → allowed"])
        #expect(model.blockedApps == [Self.steam])
        try fixture.log(4_000)
        await model.checkHealth()
        #expect(model.heldEditText == nil)
        #expect(model.blockedApps.isEmpty)
    }

    @Test("a later edit replaces the held one and says so; Cancel drops it")
    func replaceAndCancel() async throws {
        let (_, model) = try await closedGate()
        await model.setTarget(.steps, 5_000)
        await model.setEnabled(.steps, false)
        #expect(model.notice == GateScreen.droppedHeldEditNotice)
        #expect(model.heldChanges == ["Steps: 10,000 steps, every day → off"])
        await model.cancel()
        #expect(model.notice == nil && model.heldEditText == nil && !model.canCancel)
        #expect(model.goalEditors.first?.isEnabled == true)
    }

    @Test("peeks last 3, then 2, then 1 minute, and the gate closes again after each")
    func peeks() async throws {
        let (fixture, model) = try await closedGate()
        var lengths: [String] = []
        for _ in 0..<4 {
            #expect(model.canPeek)
            lengths.append(model.peekText)
            await model.peek()
            #expect(model.title == "Open" && !fixture.shield.state.on)
            let deadline = try #require(await fixture.agent.nextDeadline())
            await fixture.advance(by: deadline.timeIntervalSince(fixture.clock.now))
            await model.refresh()
            #expect(model.isLocked && fixture.shield.state.on)
        }
        #expect(lengths.map { $0.components(separatedBy: ";").first ?? "" } == [
            "A peek opens blocked programs for 3m", "A peek opens blocked programs for 2m",
            "A peek opens blocked programs for 1m", "A peek opens blocked programs for 1m",
        ])
    }

    @Test("a peek shows its time left and is refused while the gate is open")
    func peekRunning() async throws {
        let (fixture, model) = try await closedGate()
        await model.peek()
        fixture.clock.advance(by: 30)
        await model.refresh()
        #expect(model.peekText == "Peeking: 2m30s left." && model.headline == "Peeking: 02:30 left.")
        #expect(!model.canPeek)
        let before = model.screen
        await model.peek()
        #expect(model.message?.text.hasPrefix("a peek is already running until") == true)
        #expect(model.screen == before)
    }

    @Test("the emergency unlock waits, shows its code, takes it typed, and opens until midnight")
    func emergencyUnlock() async throws {
        let (fixture, model) = try await closedGate()
        #expect(model.offersEmergencyUnlock)
        #expect(model.emergencyText == "An emergency unlock opens everything until midnight, after a wait and a code to type.")
        await model.requestEmergencyUnlock()
        #expect(model.codePrompt == "The code for the emergency unlock is shown in 00:15.")
        #expect(!model.acceptsCode && !model.offersEmergencyUnlock)
        fixture.clock.advance(by: 10)
        await model.refresh()
        #expect(model.codePrompt == "The code for the emergency unlock is shown in 00:05.")
        fixture.clock.advance(by: 5)
        await model.refresh()
        #expect(model.codePrompt == "To confirm the emergency unlock, type this code: 4821")
        #expect(model.codeRequest?.code?.digits == "4821")
        await model.enterCode("4821")
        #expect(model.message == nil)
        #expect(model.title == "Open" && model.headline == "Unlocked by an emergency unlock until midnight.")
        #expect(model.emergencyText == "Emergency unlock: everything is open until midnight.")
        #expect(!fixture.shield.state.on)
        fixture.clock.set(PresentationFixture.start.addingTimeInterval(16 * 3600 + 1))
        await model.refresh()
        #expect(model.isLocked && model.offersEmergencyUnlock)
    }

    @Test("the emergency unlock is refused while the goals are met")
    func emergencyRefused() async throws {
        let (fixture, model) = try await closedGate()
        try fixture.log(4_000)
        await model.checkHealth()
        #expect(!model.offersEmergencyUnlock && model.emergencyText == nil)
        await model.requestEmergencyUnlock()
        #expect(model.message?.text == "the gate is not closed: peek and emergency unlock are allowed only while today's goals keep apps locked")
    }
}
