import Foundation
import Testing
@testable import LockOutCore

/// The unlock time across the nights clocks change: 2026-10-25 and 2026-03-29 in Berlin,
/// 2026-11-01 and 2026-03-08 in New York.
@Suite("Health gate: the unlock time across daylight-saving changes")
struct HealthGateDaylightSavingTests {
    private static func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }

    private static let newYork = calendar("America/New_York")

    /// An instant given in UTC: `2026-10-25T00:30:00Z`.
    private static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    /// A gate with the steps goal met on `day` and the unlock time at `hour:minute`, evaluated at `start`.
    private static func gate(unlock hour: Int, _ minute: Int, day: LocalDate, start: Date, calendar: Calendar) throws -> HealthGate {
        var settings = GateFixture.only(.steps, .unlockTime)
        settings.unlockTime.target = hour * 60 + minute
        var gate = HealthGate.starting(at: start, settings: settings, calendar: calendar)
        _ = try gate.handle(.evaluationRequested, now: start)
        _ = try gate.handle(GateFixture.reading(day, steps: 12_000), now: start)
        return gate
    }

    @Test("Berlin, clocks go back: opened at 02:30 summer time, it stays open through the repeated 02:00–02:30")
    func berlinFallBackStaysOpen() throws {
        let day = LocalDate(year: 2026, month: 10, day: 25)
        var gate = try Self.gate(unlock: 2, 30, day: day, start: Self.utc("2026-10-24T23:00:00Z"), calendar: GateFixture.berlin)
        // The 15-minute backstop read at 02:20 summer time comes after the unlock time.
        GateFixture.tick(&gate, at: Self.utc("2026-10-25T00:20:00Z"))
        #expect(gate.nextDeadline(now: Self.utc("2026-10-25T00:20:00Z")) == Self.utc("2026-10-25T00:30:00Z"))
        #expect(gate.status(now: Self.utc("2026-10-25T00:29:00Z")) == .closed(unmet: [.unlockTime]))
        // 02:30 summer time.
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: Self.utc("2026-10-25T00:30:00Z"))) == [false])
        // 02:00, 02:15 and 02:29 winter time, the hour lived again.
        for repeated in ["2026-10-25T01:00:00Z", "2026-10-25T01:15:00Z", "2026-10-25T01:29:00Z", "2026-10-25T01:30:00Z"] {
            let effects = GateFixture.tick(&gate, at: Self.utc(repeated))
            #expect(GateFixture.shields(effects).isEmpty, "at \(repeated)")
            #expect(GateFixture.logs(effects).isEmpty, "at \(repeated)")
            #expect(gate.status(now: Self.utc(repeated)) == .open(.goalsMet), "at \(repeated)")
        }
        let screen = GateScreen(gate: gate, now: Self.utc("2026-10-25T01:10:00Z"))
        #expect(screen.goals.first { $0.kind == .unlockTime }?.isMet == true)
    }

    @Test("New York, clocks go back: opened at 01:30 daylight time, it stays open through the repeated 01:00–01:30")
    func newYorkFallBackStaysOpen() throws {
        let day = LocalDate(year: 2026, month: 11, day: 1)
        var gate = try Self.gate(unlock: 1, 30, day: day, start: Self.utc("2026-11-01T04:30:00Z"), calendar: Self.newYork)
        GateFixture.tick(&gate, at: Self.utc("2026-11-01T05:20:00Z"))
        #expect(gate.nextDeadline(now: Self.utc("2026-11-01T05:20:00Z")) == Self.utc("2026-11-01T05:30:00Z"))
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: Self.utc("2026-11-01T05:30:00Z"))) == [false])
        // 01:00 and 01:20 standard time.
        for repeated in ["2026-11-01T06:00:00Z", "2026-11-01T06:20:00Z"] {
            let effects = GateFixture.tick(&gate, at: Self.utc(repeated))
            #expect(GateFixture.shields(effects).isEmpty, "at \(repeated)")
            #expect(gate.status(now: Self.utc(repeated)) == .open(.goalsMet), "at \(repeated)")
        }
    }

    @Test("an unlock time after the repeated hour waits for its own first moment")
    func unlockAfterRepeatedHourWaits() throws {
        let day = LocalDate(year: 2026, month: 10, day: 25)
        var gate = try Self.gate(unlock: 3, 0, day: day, start: Self.utc("2026-10-24T23:00:00Z"), calendar: GateFixture.berlin)
        // 02:59 winter time: an hour after 02:59 summer time, still before 03:00.
        #expect(gate.status(now: Self.utc("2026-10-25T01:59:00Z")) == .closed(unmet: [.unlockTime]))
        GateFixture.tick(&gate, at: Self.utc("2026-10-25T01:50:00Z"))
        #expect(gate.nextDeadline(now: Self.utc("2026-10-25T01:50:00Z")) == Self.utc("2026-10-25T02:00:00Z"))
        #expect(gate.status(now: Self.utc("2026-10-25T02:00:00Z")) == .open(.goalsMet))
    }

    @Test("Berlin, clocks go forward: 02:30 does not exist, the gate opens at 03:00 and the deadline agrees")
    func berlinSpringForwardOpensAfterGap() throws {
        let day = LocalDate(year: 2026, month: 3, day: 29)
        // Evaluated at 01:55 winter time: the backstop would come at 02:10, after the gap.
        var gate = try Self.gate(unlock: 2, 30, day: day, start: Self.utc("2026-03-29T00:55:00Z"), calendar: GateFixture.berlin)
        #expect(gate.status(now: Self.utc("2026-03-29T00:59:00Z")) == .closed(unmet: [.unlockTime]))
        let firstAfterGap = Self.utc("2026-03-29T01:00:00Z")
        #expect(gate.nextDeadline(now: Self.utc("2026-03-29T00:56:00Z")) == firstAfterGap)
        #expect(GateScreen(gate: gate, now: Self.utc("2026-03-29T00:56:00Z")).secondsToUnlockTime == 240)
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: firstAfterGap)) == [false])
    }

    @Test("New York, clocks go forward: 02:30 does not exist, the gate opens at 03:00 and the deadline agrees")
    func newYorkSpringForwardOpensAfterGap() throws {
        let day = LocalDate(year: 2026, month: 3, day: 8)
        var gate = try Self.gate(unlock: 2, 30, day: day, start: Self.utc("2026-03-08T06:55:00Z"), calendar: Self.newYork)
        let firstAfterGap = Self.utc("2026-03-08T07:00:00Z")
        #expect(gate.nextDeadline(now: Self.utc("2026-03-08T06:56:00Z")) == firstAfterGap)
        #expect(gate.status(now: Self.utc("2026-03-08T06:59:00Z")) == .closed(unmet: [.unlockTime]))
        #expect(GateFixture.shields(GateFixture.tick(&gate, at: firstAfterGap)) == [false])
    }
}
