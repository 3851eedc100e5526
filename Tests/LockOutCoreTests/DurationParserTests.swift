import Foundation
import Testing
import LockOutCore

@Suite("DurationParser")
struct DurationParserTests {
    @Test("parses every accepted form into seconds", arguments: [
        ("20s", 20), ("20m", 1200), ("1h", 3600), ("1h30m", 5400), ("1h30m15s", 5415),
        ("1h15s", 3615), ("2m5s", 125), ("0s", 0), ("05m", 300), (" 5m\n", 300), ("\t1h ", 3600),
    ])
    func parses(text: String, seconds: Int) throws {
        #expect(try DurationParser.seconds(text) == seconds)
    }

    @Test("rejects every malformed form with the text as typed", arguments: [
        "", "   ", "90", "m", "h30m", "1hm", "1h30", "30m1h", "1m1m", "1h1h", "1s1m",
        "-5m", "+5m", "1.5h", "1h 30m", "5 m", "1d", "5M", "٥m", "20sec",
        "99999999999999999999s", "9223372036854775807m", "2562047788015215h30m8s",
    ])
    func rejects(text: String) {
        #expect(throws: BreakInputError.malformedDuration(text)) { try DurationParser.seconds(text) }
    }

    @Test("wholeMinutes reads minutes and hours", arguments: [("5m", 5), ("1h", 60), ("1h30m", 90), ("120s", 2)])
    func wholeMinutes(text: String, minutes: Int) throws {
        #expect(try DurationParser.wholeMinutes(text) == minutes)
    }

    @Test("wholeMinutes rejects a duration that is not whole minutes")
    func wholeMinutesRejectsSeconds() {
        #expect(throws: BreakInputError.durationNotWholeMinutes("90s")) { try DurationParser.wholeMinutes("90s") }
    }

    @Test("wholeMinutes rejects a malformed duration as malformed")
    func wholeMinutesRejectsMalformed() {
        #expect(throws: BreakInputError.malformedDuration("5")) { try DurationParser.wholeMinutes("5") }
    }

    @Test("format writes the shortest form", arguments: [
        (20, "20s"), (300, "5m"), (3600, "1h"), (5400, "1h30m"), (5415, "1h30m15s"), (3615, "1h15s"), (0, "0s"), (-5, "0s"),
    ])
    func format(seconds: Int, text: String) {
        #expect(DurationParser.format(seconds: seconds) == text)
    }

    @Test("format reads back to the same seconds", arguments: [1, 59, 61, 3599, 3601, 86_400, 90_061])
    func formatRoundTrips(seconds: Int) throws {
        #expect(try DurationParser.seconds(DurationParser.format(seconds: seconds)) == seconds)
    }

    @Test("countdown shows MM:SS", arguments: [
        (1200.0, "20:00"), (61.0, "01:01"), (4500.0, "75:00"), (0.0, "00:00"), (6000.0, "100:00"),
    ])
    func countdown(interval: TimeInterval, text: String) {
        #expect(DurationParser.countdown(interval) == text)
    }

    @Test("elapsed time drops partial seconds", arguments: [(0.4, "00:00"), (59.9, "00:59"), (180.01, "03:00"), (3600, "60:00"), (-3, "00:00")])
    func elapsedRoundsDown(interval: TimeInterval, text: String) {
        #expect(DurationParser.elapsed(interval) == text)
    }

    @Test("countdown rounds partial seconds up", arguments: [(0.4, "00:01"), (59.2, "01:00"), (1199.5, "20:00")])
    func countdownRoundsUp(interval: TimeInterval, text: String) {
        #expect(DurationParser.countdown(interval) == text)
    }

    @Test("countdown ignores sub-millisecond noise from subtracting dates")
    func countdownIgnoresNoise() {
        let start = Date(timeIntervalSince1970: 1_700_000_000.3)
        let deadline = start.addingTimeInterval(1200)
        #expect(DurationParser.countdown(deadline.timeIntervalSince(start) + 0.000_000_1) == "20:00")
    }

    @Test("countdown clamps negative and NaN to 00:00", arguments: [-3.0, -0.4, -.infinity, .nan])
    func countdownClampsNegative(interval: TimeInterval) {
        #expect(DurationParser.countdown(interval) == "00:00")
    }

    @Test("countdown caps infinity instead of trapping")
    func countdownCapsInfinity() {
        #expect(DurationParser.countdown(.infinity) == DurationParser.countdown(1e9))
    }
}
