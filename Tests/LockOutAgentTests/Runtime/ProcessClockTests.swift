import Foundation
import LockOutAgent
import Testing
import LockOutRuntime

@Suite("Process clock")
struct ProcessClockTests {
    private let origin = Date(timeIntervalSince1970: 1_795_420_800)

    @Test("without the variables the clock is the wall clock")
    func wallClock() throws {
        let wall = ManualWallClock(origin)
        let clock = ProcessClock(wallNow: { wall.now })
        wall.advance(by: 90)
        #expect(clock.now() == origin.addingTimeInterval(90))
        #expect(clock.wallDate(for: origin.addingTimeInterval(300)) == origin.addingTimeInterval(300))
    }

    @Test("LOCKOUT_CLOCK_SCALE=120 runs the clock 120 times faster, and a deadline maps back to wall time")
    func scaled() throws {
        let wall = ManualWallClock(origin)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let clock = ProcessClock(scale: 120, startingAt: start, wallNow: { wall.now })
        wall.advance(by: 10)
        #expect(clock.now() == start.addingTimeInterval(20 * 60))
        #expect(clock.wallDate(for: start.addingTimeInterval(40 * 60)) == origin.addingTimeInterval(20))
    }

    @Test("the environment sets the start and the scale")
    func fromEnvironment() throws {
        let clock = try ProcessClock.fromEnvironment(["LOCKOUT_NOW": "2026-11-23T09:00:00Z", "LOCKOUT_CLOCK_SCALE": "60"])
        #expect(clock.scale == 60)
        #expect(abs(clock.now().timeIntervalSince(Date(timeIntervalSince1970: 1_795_424_400))) < 60)
    }

    @Test("two clocks with the same epoch agree however late the second starts: a restarted agent finds the time it left")
    func sharedEpoch() throws {
        let wall = ManualWallClock(origin)
        let first = ProcessClock(scale: 60, epoch: origin, wallNow: { wall.now })
        wall.advance(by: 30)
        let second = ProcessClock(scale: 60, epoch: origin, wallNow: { wall.now })
        wall.advance(by: 10)
        #expect(first.now() == origin.addingTimeInterval(40 * 60))
        #expect(second.now() == first.now())
        #expect(second.wallDate(for: origin.addingTimeInterval(60 * 60)) == origin.addingTimeInterval(60))
    }

    @Test("a malformed LOCKOUT_CLOCK_EPOCH is refused with what is expected")
    func badEpoch() {
        #expect(throws: ClockConfigurationError.badEpoch("soon")) {
            try ProcessClock.fromEnvironment(["LOCKOUT_CLOCK_EPOCH": "soon", "LOCKOUT_CLOCK_SCALE": "60"])
        }
    }

    @Test("a malformed LOCKOUT_NOW or a scale below 1 is refused with what is expected")
    func badEnvironment() {
        #expect(throws: ClockConfigurationError.badNow("tomorrow")) {
            try ProcessClock.fromEnvironment(["LOCKOUT_NOW": "tomorrow"])
        }
        #expect(throws: ClockConfigurationError.badScale("0.5")) {
            try ProcessClock.fromEnvironment(["LOCKOUT_CLOCK_SCALE": "0.5"])
        }
        #expect(ClockConfigurationError.badScale("x").description == "LOCKOUT_CLOCK_SCALE 'x' is not a number ≥ 1")
    }
}
