import Foundation
import Testing
@testable import LockOutCore

@Suite("Gate screen texts: headline, badge, peek, emergency, code and the held edit")
struct GateScreenTextTests {
    private func screen(_ gate: HealthGate, at date: Date = GateFixture.t0) -> GateScreen {
        GateScreen(gate: gate, now: date)
    }

    @Test("a closed gate names what keeps it closed; a met goal wears its badge")
    func closed() throws {
        let screen = screen(try GateFixture.evaluated(GateFixture.only(.steps, .energy), steps: 6_240, energy: 500))
        #expect(screen.title == "Locked")
        #expect(screen.headline == "Blocked programs stay closed until: 6,240 / 10,000 steps.")
        #expect(screen.goals.map(\.badge) == [nil, "Goal met"])
        #expect(screen.goals.map(\.percentText) == ["62%", "100%"])
    }

    @Test("an open gate says why")
    func open() throws {
        let screen = screen(try GateFixture.evaluated(steps: 12_000))
        #expect(screen.title == "Open")
        #expect(screen.headline == "Today's goals are met: blocked programs are allowed.")
        #expect(screen.peekText == "Nothing to unlock: the gate is open.")
        #expect(!screen.offersEmergencyUnlock && screen.emergencyText == nil)
    }

    @Test("the peek text follows the 3, 2, then 1 minute rule")
    func peek() throws {
        var gate = try GateFixture.evaluated()
        #expect(screen(gate).peekText == "A peek opens blocked programs for 3m; each peek today is shorter than the one before.")
        _ = try gate.handle(.peekRequested, now: GateFixture.t0)
        #expect(screen(gate, at: GateFixture.plus(1, GateFixture.t0)).peekText == "Peeking: 2m59s left.")
        #expect(screen(gate, at: GateFixture.plus(1, GateFixture.t0)).headline == "Peeking: 02:59 left.")
        GateFixture.tick(&gate, at: GateFixture.at(3))
        #expect(screen(gate, at: GateFixture.at(3)).peekText.hasPrefix("A peek opens blocked programs for 2m;"))
    }

    @Test("the emergency unlock is offered where the engine takes it, then asks for its code, then says it holds")
    func emergency() throws {
        var gate = try GateFixture.evaluated()
        let closed = screen(gate)
        #expect(closed.offersEmergencyUnlock)
        #expect(closed.emergencyText == "An emergency unlock opens everything until midnight, after a wait and a code to type.")
        _ = try gate.execute(.emergencyUnlock, code: GateFixture.code(4821), now: GateFixture.t0)
        let waiting = screen(gate, at: GateFixture.plus(3, GateFixture.t0))
        #expect(!waiting.offersEmergencyUnlock && waiting.emergencyText == nil)
        #expect(waiting.codeRequest?.prompt == "The code for the emergency unlock is shown in 00:12.")
        let shown = screen(gate, at: GateFixture.plus(15, GateFixture.t0))
        #expect(shown.codeRequest?.prompt == "To confirm the emergency unlock, type this code: 4821")
        _ = try gate.execute(.enterCode("4821"), code: GateFixture.code(1), now: GateFixture.plus(16, GateFixture.t0))
        let unlocked = screen(gate, at: GateFixture.plus(17, GateFixture.t0))
        #expect(unlocked.emergencyText == "Emergency unlock: everything is open until midnight.")
        #expect(unlocked.headline == "Unlocked by an emergency unlock until midnight.")
    }

    @Test("offering the emergency unlock agrees with the engine in every state")
    func emergencyAgreesWithEngine() throws {
        let gates = [
            try GateFixture.evaluated(), try GateFixture.evaluated(steps: 10_000),
            try GateFixture.evaluated(GateFixture.only()), try GateFixture.evaluated(confirmed: false),
        ]
        for gate in gates {
            var copy = gate
            let accepted = (try? copy.execute(.emergencyUnlock, code: GateFixture.code(1), now: GateFixture.t0)) != nil
            #expect(screen(gate).offersEmergencyUnlock == accepted, "\(screen(gate).status)")
        }
    }

    @Test("a held weakening edit says when it applies and what it changes")
    func heldEdit() throws {
        var gate = try GateFixture.evaluated(GateFixture.only(.steps, .exercise), steps: 100)
        #expect(screen(gate).heldEditText == nil && screen(gate).heldChanges.isEmpty)
        _ = try gate.execute(.setGoal(.steps, target: 5_000, schedule: .weekdays), code: GateFixture.code(4821), now: GateFixture.t0)
        let held = screen(gate, at: GateFixture.plus(5, GateFixture.t0))
        #expect(held.heldEditText == "A change that makes the gate weaker waits until today's goals are met, or for its code, shown in 00:10.")
        #expect(held.heldChanges == ["Steps: 10,000 steps → 5,000 steps", "Steps: every day → weekdays"])
        #expect(held.codeRequest?.prompt == "The code for the held change is shown in 00:10.")
        let shown = screen(gate, at: GateFixture.plus(15, GateFixture.t0))
        #expect(shown.heldEditText == "A change that makes the gate weaker waits until today's goals are met, or for its code: type 4821 to apply it now.")
        _ = try gate.execute(.disableGoal(.exercise), code: GateFixture.code(1), now: GateFixture.plus(20, GateFixture.t0))
        #expect(screen(gate, at: GateFixture.plus(20, GateFixture.t0)).heldChanges == ["Exercise: 30 min, every day → off"])
        _ = try gate.execute(.unblock(executable: "steam"), code: GateFixture.code(1), now: GateFixture.plus(21, GateFixture.t0))
        #expect(screen(gate, at: GateFixture.plus(21, GateFixture.t0)).heldChanges == ["Steam: blocked → allowed"])
    }

    @Test("a failing source is reported with its reason")
    func sourceFailure() throws {
        var gate = try GateFixture.evaluated()
        #expect(screen(gate).sourceFailureText == nil)
        _ = try gate.handle(.sourceFailed(reason: "Health data is not available"), now: GateFixture.t0)
        #expect(screen(gate).sourceFailureText == "Health data could not be read: Health data is not available")
    }

    @Test("each permission is asked for on a page of the gate's onboarding")
    func accessPages() {
        let kinds = OnboardingScreen.gate.map(\.kind)
        #expect(GateAccess.allCases.map(\.page) == [.healthData, .programs])
        #expect(GateAccess.allCases.allSatisfy { kinds.contains($0.page) })
    }

    @Test("targets read as people say them")
    func targets() {
        #expect(GateGoalKind.allCases.map(\.name) == ["Steps", "Active energy", "Exercise", "Unlock time"])
        #expect(GateGoalKind.steps.targetText(10_000) == "10,000 steps")
        #expect(GateGoalKind.energy.targetText(500) == "500 kcal")
        #expect(GateGoalKind.exercise.targetText(30) == "30 min")
        #expect(GateGoalKind.unlockTime.targetText(1_140) == "19:00")
    }
}
