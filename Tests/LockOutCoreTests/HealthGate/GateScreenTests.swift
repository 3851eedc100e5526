import Foundation
import Testing
@testable import LockOutCore

@Suite("Gate screen model and shield text")
struct GateScreenTests {
    static let steam = BlockedApp(executable: "steam")

    @Test("each goal shows current / target, its fraction and whether it is met")
    func goalRows() throws {
        let gate = try GateFixture.evaluated(GateFixture.only(.steps, .energy), steps: 6_240, energy: 500)
        let screen = GateScreen(gate: gate, now: GateFixture.t0)
        #expect(screen.goals.map(\.text) == ["6,240 / 10,000 steps", "500 / 500 kcal"])
        #expect(screen.goals.map(\.fraction) == [0.624, 1])
        #expect(screen.goals.map(\.isMet) == [false, true])
        #expect(screen.closingGoals == [.steps])
    }

    @Test("the shield text names the app, the target and the progress with thousands separators")
    func shieldText() throws {
        let gate = try GateFixture.evaluated(steps: 6_240)
        let screen = GateScreen(gate: gate, now: GateFixture.t0)
        #expect(screen.shieldMessage(for: Self.steam) == "Steam is locked until you reach 10,000 steps — 6,240 so far")
    }

    @Test("the shield text counts further unmet goals")
    func shieldTextMoreGoals() throws {
        let gate = try GateFixture.evaluated(GateFixture.only(.steps, .energy, .exercise), steps: 100)
        let screen = GateScreen(gate: gate, now: GateFixture.t0)
        #expect(screen.shieldMessage(for: Self.steam) == "Steam is locked until you reach 10,000 steps — 100 so far, and 2 more goals")
    }

    @Test("the shield text of an unlock time names the time")
    func shieldTextUnlockTime() throws {
        let gate = try GateFixture.evaluated(GateFixture.only(.unlockTime))
        #expect(GateScreen(gate: gate, now: GateFixture.t0).shieldMessage(for: Self.steam) == "Steam is locked until 19:00")
    }

    @Test("an open gate has no shield text")
    func noShieldTextWhenOpen() throws {
        let gate = try GateFixture.evaluated(steps: 10_000)
        #expect(GateScreen(gate: gate, now: GateFixture.t0).shieldMessage(for: Self.steam) == nil)
    }

    @Test("the time to the unlock time counts down to 19:00 local")
    func timeToUnlock() throws {
        let gate = try GateFixture.evaluated(GateFixture.only(.unlockTime))
        #expect(GateScreen(gate: gate, now: GateFixture.t0).secondsToUnlockTime == 10 * 3600)
    }

    @Test("a closed gate offers a 180 s peek first, then 120 s")
    func peekAvailability() throws {
        var gate = try GateFixture.evaluated()
        #expect(GateScreen(gate: gate, now: GateFixture.t0).peek == .available(seconds: 180))
        _ = try gate.handle(.peekRequested, now: GateFixture.t0)
        #expect(GateScreen(gate: gate, now: GateFixture.at(1)).peek == .running(secondsLeft: 120))
        GateFixture.tick(&gate, at: GateFixture.at(3))
        #expect(GateScreen(gate: gate, now: GateFixture.at(3)).peek == .available(seconds: 120))
    }

    @Test("the emergency code appears only after the wait")
    func emergencyCodeShown() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.emergencyUnlockRequested(code: GateFixture.code(907)), now: GateFixture.t0)
        #expect(GateScreen(gate: gate, now: GateFixture.plus(4, GateFixture.t0)).emergency == .waiting(secondsLeft: 11))
        #expect(GateScreen(gate: gate, now: GateFixture.plus(15, GateFixture.t0)).emergency == .codeShown(GateFixture.code(907)))
    }

    @Test("a failing source is shown with its reason, and gone after a good read")
    func sourceFailureShown() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.sourceFailed(reason: "export unreadable"), now: GateFixture.at(1))
        #expect(GateScreen(gate: gate, now: GateFixture.at(1)).sourceFailure?.reason == "export unreadable")
        _ = try gate.handle(GateFixture.reading(steps: 10), now: GateFixture.at(2))
        #expect(GateScreen(gate: gate, now: GateFixture.at(2)).sourceFailure == nil)
    }

    @Test("numbers are grouped by thousands", arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (6_240, "6,240"), (100_000, "100,000"), (1_234_567, "1,234,567")])
    func grouping(value: Int, text: String) {
        #expect(GateText.grouped(value) == text)
    }
}

@Suite("Health ports: the totals store and the in-memory doubles")
struct HealthPortTests {
    static let day = GateFixture.monday

    @Test("manual entries add up for the day")
    func manualAdds() throws {
        let store = InMemoryHealthTotalsStore()
        try store.addManual(2_500, to: .steps, on: Self.day)
        try store.addManual(1_000, to: .steps, on: Self.day)
        #expect(store.totals(for: Self.day)[.steps] == 3_500)
    }

    @Test("setting a manual entry replaces it")
    func manualSet() throws {
        let store = InMemoryHealthTotalsStore()
        try store.addManual(2_500, to: .steps, on: Self.day)
        try store.setManual(400, for: .steps, on: Self.day)
        #expect(store.totals(for: Self.day)[.steps] == 400)
    }

    @Test("importing the same totals twice counts them once, on top of manual entries")
    func importTwice() throws {
        let store = InMemoryHealthTotalsStore()
        try store.addManual(1_000, to: .steps, on: Self.day)
        let imported = [GateFixture.totals(steps: 5_000, energy: 300)]
        try store.replaceImported(imported, source: "apple-health")
        try store.replaceImported(imported, source: "apple-health")
        #expect(store.totals(for: Self.day) == GateFixture.totals(steps: 6_000, energy: 300))
    }

    @Test("a negative or absurd manual value is refused and changes nothing", arguments: [-1.0, 250_000, .nan])
    func absurdRefused(value: Double) throws {
        let store = InMemoryHealthTotalsStore()
        #expect(throws: GateInputError.self) { try store.addManual(value, to: .steps, on: Self.day) }
        #expect(store.totals(for: Self.day)[.steps] == 0)
    }

    @Test("the stored source reads the store and is confirmed")
    func storedReading() async throws {
        let store = InMemoryHealthTotalsStore()
        try store.addManual(30, to: .exerciseMinutes, on: Self.day)
        let readout = try await StoredHealthReading(store: store).readout(for: Self.day)
        #expect(readout == HealthReadout(totals: HealthTotals(day: Self.day, values: [.exerciseMinutes: 30]), confirmed: true))
    }

    @Test("the reading double fails with the reason set")
    func readingDoubleFails() async {
        let reading = InMemoryHealthReading()
        reading.fail("no permission")
        await #expect(throws: InMemoryHealthReading.Failure(reason: "no permission")) {
            try await reading.readout(for: Self.day)
        }
    }

    @Test("the gate store refuses invalid settings")
    func gateStoreValidates() {
        let store = InMemoryGateStore()
        let invalid = GateSettings(blockedApps: [BlockedApp(executable: "sshd")])
        #expect(throws: GateInputError.protectedApp("sshd", reason: .known(.system))) { try store.saveSettings(invalid) }
        #expect(store.loadSettings() == .defaults)
    }

    @Test("the shield double records the last state set")
    func shieldDouble() {
        let shield = RecordingShieldController()
        shield.setShields(on: true, apps: [BlockedApp(executable: "steam")])
        #expect(shield.isOn && shield.apps.map(\.executable) == ["steam"] && shield.callCount == 1)
    }
}
