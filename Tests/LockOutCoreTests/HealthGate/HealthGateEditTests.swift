import Foundation
import Testing
@testable import LockOutCore

@Suite("Health gate: settings edits while closed")
struct HealthGateEditTests {
    static let code = GateFixture.code(2468)

    func edited(_ change: (inout GateSettings) -> Void, steps: Double = 0) throws -> (HealthGate, [GateEffect]) {
        var gate = try GateFixture.evaluated(steps: steps)
        var settings = gate.settings
        change(&settings)
        let effects = try gate.handle(.settingsEdited(settings, code: Self.code), now: GateFixture.at(1))
        return (gate, effects)
    }

    @Test("raising a target while closed applies at once and is saved")
    func raiseApplies() throws {
        let (gate, effects) = try edited { $0.steps.target = 12_000 }
        #expect(gate.settings.steps.target == 12_000)
        #expect(GateFixture.savedSettings(effects).map(\.steps.target) == [12_000])
    }

    @Test("adding a blocked app while closed applies at once and locks it too")
    func addAppApplies() throws {
        let (_, effects) = try edited { $0.blockedApps.append(BlockedApp(executable: "firefox")) }
        #expect(GateFixture.shieldedApps(effects) == ["steam", "firefox"])
    }

    @Test("lowering a target while closed is held, not applied")
    func lowerHeld() throws {
        let (gate, effects) = try edited { $0.steps.target = 5_000 }
        #expect(gate.settings.steps.target == 10_000)
        #expect(gate.record.pendingSettings?.steps.target == 5_000)
        #expect(GateFixture.savedSettings(effects).isEmpty)
        #expect(GateFixture.logs(effects) == [.editHeld])
    }

    @Test("an edit that raises one target and removes a blocked app counts as weakening and is held")
    func mixedHeld() throws {
        let (gate, _) = try edited {
            $0.steps.target = 12_000
            $0.blockedApps = []
        }
        #expect(gate.settings.blockedApps.map(\.executable) == ["steam"])
        #expect(gate.record.pendingSettings?.blockedApps == [])
    }

    @Test("a held edit applies once its code is typed after the wait")
    func heldAppliesAfterCode() throws {
        var (gate, _) = try edited { $0.steps.isEnabled = false }
        let effects = try gate.handle(.codeEntered("2468"), now: GateFixture.plus(75, GateFixture.t0))
        #expect(!gate.settings.steps.isEnabled)
        #expect(GateFixture.shields(effects) == [false])
        #expect(gate.record.pendingSettings == nil)
    }

    @Test("a held edit applies by itself once the goals are met")
    func heldAppliesWhenMet() throws {
        var (gate, _) = try edited { $0.steps.target = 5_000 }
        let effects = try gate.handle(GateFixture.reading(steps: 10_000), now: GateFixture.at(30))
        #expect(gate.settings.steps.target == 5_000)
        #expect(GateFixture.logs(effects).contains(.heldEditApplied))
    }

    @Test("lowering a target while the goals are met applies at once")
    func lowerWhileOpenApplies() throws {
        let (gate, _) = try edited({ $0.steps.target = 5_000 }, steps: 10_000)
        #expect(gate.settings.steps.target == 5_000)
    }

    @Test("an invalid edit is refused and changes nothing")
    func invalidRefused() throws {
        var gate = try GateFixture.evaluated()
        var settings = gate.settings
        settings.blockedApps.append(BlockedApp(executable: "bash"))
        let before = gate
        #expect(throws: GateInputError.protectedApp("bash", reason: .known(.shell))) {
            try gate.handle(.settingsEdited(settings, code: Self.code), now: GateFixture.at(1))
        }
        #expect(gate.settings == before.settings && gate.record == before.record)
    }
}

@Suite("Gate edit classifier: stricter, weaker or neither for today")
struct GateEditClassifierTests {
    func kind(_ change: (inout GateSettings) -> Void, from old: GateSettings = GateFixture.only(.steps, .energy)) -> GateEditKind {
        var new = old
        change(&new)
        return GateEditClassifier.classify(from: old, to: new, day: GateFixture.monday, weekday: .monday)
    }

    @Test("raising a target is strengthening")
    func raise() { #expect(kind { $0.steps.target = 10_500 } == .strengthening) }

    @Test("lowering a target is weakening")
    func lower() { #expect(kind { $0.energy.target = 490 } == .weakening) }

    @Test("enabling a goal is strengthening")
    func enable() { #expect(kind { $0.exercise.isEnabled = true } == .strengthening) }

    @Test("disabling a goal is weakening")
    func disable() { #expect(kind { $0.steps.isEnabled = false } == .weakening) }

    @Test("removing today from a goal's schedule is weakening")
    func removeToday() { #expect(kind { $0.steps.schedule = .weekends } == .weakening) }

    @Test("a schedule change that keeps today is neutral")
    func scheduleKeepsToday() { #expect(kind { $0.steps.schedule = .chosen(days: [.monday]) } == .neutral) }

    @Test("adding a blocked app is strengthening")
    func addApp() { #expect(kind { $0.blockedApps.append(BlockedApp(executable: "firefox")) } == .strengthening) }

    @Test("removing a blocked app is weakening")
    func removeApp() { #expect(kind { $0.blockedApps.removeAll() } == .weakening) }

    @Test("an edit with a stricter and a weaker part is weakening")
    func mixed() {
        #expect(kind {
            $0.steps.target = 20_000
            $0.energy.isEnabled = false
        } == .weakening)
    }

    @Test("an unlock time moved to 0 is weakening")
    func unlockTimeToZero() {
        #expect(kind({ $0.unlockTime.target = 0 }, from: GateFixture.only(.unlockTime)) == .weakening)
    }

    @Test("the same settings are neutral")
    func same() { #expect(kind { _ in } == .neutral) }
}
