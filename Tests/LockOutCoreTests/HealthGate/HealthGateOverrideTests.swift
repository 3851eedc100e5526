import Foundation
import Testing
@testable import LockOutCore

@Suite("Health gate: peeks")
struct HealthGatePeekTests {
    @Test("peeks last 180 s, then 120 s, then 60 s each")
    func peekTiers() throws {
        var gate = try GateFixture.evaluated()
        var lengths: [TimeInterval] = []
        var now = GateFixture.t0
        for _ in 0..<4 {
            _ = try gate.handle(.peekRequested, now: now)
            let end = try #require(gate.record.peekEndsAt)
            lengths.append(end.timeIntervalSince(now))
            now = end
            GateFixture.tick(&gate, at: now)
        }
        #expect(lengths == [180, 120, 60, 60])
    }

    @Test("a peek unlocks the blocked apps")
    func peekOpens() throws {
        var gate = try GateFixture.evaluated()
        let effects = try gate.handle(.peekRequested, now: GateFixture.t0)
        #expect(GateFixture.shields(effects) == [false])
        #expect(gate.status(now: GateFixture.t0) == .open(.peek))
    }

    @Test("the gate closes when the peek ends even though the source failed meanwhile")
    func peekFailsClosed() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.peekRequested, now: GateFixture.t0)
        _ = try gate.handle(.sourceFailed(reason: "timeout"), now: GateFixture.at(1))
        let effects = GateFixture.tick(&gate, at: GateFixture.plus(180, GateFixture.t0))
        #expect(GateFixture.shields(effects) == [true])
        #expect(GateFixture.reads(effects) == [GateFixture.monday])
    }

    @Test("a peek while the goals are met is refused")
    func peekWhileOpen() throws {
        var gate = try GateFixture.evaluated(steps: 10_000)
        #expect(throws: GateInputError.gateNotClosed) { try gate.handle(.peekRequested, now: GateFixture.t0) }
    }

    @Test("a peek while a peek runs is refused and names its end")
    func peekWhilePeeking() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.peekRequested, now: GateFixture.t0)
        let end = GateFixture.plus(180, GateFixture.t0)
        #expect(throws: GateInputError.alreadyPeeking(until: end)) { try gate.handle(.peekRequested, now: GateFixture.at(1)) }
    }

    @Test("the first peek of a new day is 180 s again")
    func peeksResetAtMidnight() throws {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.peekRequested, now: GateFixture.t0)
        GateFixture.tick(&gate, at: GateFixture.at(10))
        let tuesday = GateFixture.midnight.addingTimeInterval(3600)
        _ = try gate.handle(.peekRequested, now: tuesday)
        #expect(gate.record.peekEndsAt == GateFixture.plus(180, tuesday))
    }
}

@Suite("Health gate: emergency unlock")
struct HealthGateEmergencyTests {
    static let code = GateFixture.code(4821)

    func requested() throws -> HealthGate {
        var gate = try GateFixture.evaluated()
        _ = try gate.handle(.emergencyUnlockRequested(code: Self.code), now: GateFixture.t0)
        return gate
    }

    @Test("the code typed before the 15 s wait is over is refused")
    func waitNotOver() throws {
        var gate = try requested()
        #expect(throws: GateInputError.codeNotShownYet(secondsLeft: 5)) {
            try gate.handle(.codeEntered("4821"), now: GateFixture.plus(10, GateFixture.t0))
        }
        #expect(gate.status(now: GateFixture.plus(10, GateFixture.t0)).isClosed)
    }

    @Test("a wrong code is refused and the gate stays closed")
    func wrongCode() throws {
        var gate = try requested()
        let now = GateFixture.plus(15, GateFixture.t0)
        #expect(throws: GateInputError.wrongCode) { try gate.handle(.codeEntered("1234"), now: now) }
        #expect(gate.status(now: now).isClosed)
    }

    @Test("the right code after the wait unlocks the apps and is logged")
    func rightCodeUnlocks() throws {
        var gate = try requested()
        let now = GateFixture.plus(15, GateFixture.t0)
        let effects = try gate.handle(.codeEntered(" 4821\n"), now: now)
        #expect(GateFixture.shields(effects) == [false])
        #expect(GateFixture.logs(effects).contains(.emergencyUnlocked))
        #expect(gate.status(now: now) == .open(.emergencyUnlock))
    }

    @Test("the emergency unlock holds until midnight and no longer")
    func unlockUntilMidnight() throws {
        var gate = try requested()
        _ = try gate.handle(.codeEntered("4821"), now: GateFixture.plus(15, GateFixture.t0))
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: GateFixture.midnight.addingTimeInterval(-1))).isEmpty)
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: GateFixture.midnight)) == [true])
    }

    @Test("the code is shown only from the end of the wait, which is a deadline")
    func codeShownDeadline() throws {
        let gate = try requested()
        #expect(gate.nextDeadline(now: GateFixture.t0) == GateFixture.plus(15, GateFixture.t0))
    }

    @Test("asking again while waiting keeps the first wait")
    func askingAgainKeepsWait() throws {
        var gate = try requested()
        _ = try gate.handle(.emergencyUnlockRequested(code: GateFixture.code(1111)), now: GateFixture.plus(10, GateFixture.t0))
        #expect(gate.record.friction == GateFriction(purpose: .emergencyUnlock, code: Self.code, requestedAt: GateFixture.t0))
    }

    @Test("an emergency unlock while the goals are met is refused")
    func refusedWhenOpen() throws {
        var gate = try GateFixture.evaluated(steps: 10_000)
        #expect(throws: GateInputError.gateNotClosed) {
            try gate.handle(.emergencyUnlockRequested(code: Self.code), now: GateFixture.t0)
        }
    }

    @Test("a code typed with nothing waiting is refused")
    func nothingPending() throws {
        var gate = try GateFixture.evaluated()
        #expect(throws: GateInputError.noCodePending) { try gate.handle(.codeEntered("4821"), now: GateFixture.t0) }
    }

    @Test("codes drawn from a generator have four digits")
    func randomCode() {
        var generator = SplitMix(seed: 7)
        let codes = (0..<50).map { _ in FrictionCode.random(using: &generator).digits }
        #expect(codes.allSatisfy { $0.count == 4 && $0.allSatisfy(\.isNumber) })
        #expect(FrictionCode(number: 42).digits == "0042")
    }
}

/// A small seeded generator, so a test of random codes repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
