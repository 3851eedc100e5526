import Foundation
import Testing

/// A laptop that travels: commands run with `TZ` changed between them, no agent running.
///
/// 2026-03-11T16:00:00Z is 01:00 on 03-12 in Tokyo and 09:00 on 03-11 in Los Angeles (daylight time);
/// 2026-03-10T23:40:00Z is 23:40 on 03-10 in UTC and 08:40 on 03-11 in Tokyo.
@Suite("lockout across time zones")
struct TimeZoneTravelCLITests {
    private static let tokyo = "Asia/Tokyo"
    private static let losAngeles = "America/Los_Angeles"

    /// A harness whose commands run in `zone`.
    private static func harness(in zone: String, now: String) throws -> CLIHarness {
        var cli = try CLIHarness(now: now)
        cli.environment["TZ"] = zone
        return cli
    }

    private static func moved(_ cli: CLIHarness, to zone: String) -> CLIHarness {
        var moved = cli
        moved.environment["TZ"] = zone
        return moved
    }

    /// An eye break falls due 20 minutes after `start` and is answered Done at `done`.
    private static func completeBreak(_ cli: CLIHarness, start: String, due: String, done: String) throws {
        #expect(try cli.run("status", now: start).status == 0)
        #expect(try cli.run("status", "--json", now: due).json()["state"] as? String == "breakPending")
        let answered = try cli.run("break", "done", now: done)
        #expect(answered.status == 0, "stderr was \(answered.stderr)")
    }

    private static func days(_ stats: [String: Any]) throws -> [[String: Any]] {
        try #require(stats["days"] as? [[String: Any]])
    }

    @Test("flying west: a break done at 01:00 on 03-12 in Tokyo counts for 03-12 in stats, the CSV and today, read in Los Angeles on 03-11")
    func breakFlyingWest() throws {
        let cli = try Self.harness(in: Self.tokyo, now: "2026-03-11T15:30:00Z")
        defer { cli.remove() }
        try Self.completeBreak(cli, start: "2026-03-11T15:31:00Z", due: "2026-03-11T15:52:00Z", done: "2026-03-11T16:00:00Z")

        let there = Self.moved(cli, to: Self.losAngeles)
        let stats = try there.run("stats", "--json", now: "2026-03-11T17:00:00Z").json()
        let days = try Self.days(stats)
        #expect(days.count == 7)
        #expect(days.last?["date"] as? String == "2026-03-12")
        #expect(days.last?["completed"] as? Int == 1)
        #expect((stats["summary"] as? [String: Any])?["total"] as? Int == 1)

        let csv = try there.run("export", "csv", now: "2026-03-11T17:00:00Z").stdout
        #expect(csv == "date,completed,skipped,natural\r\n2026-03-12,1,0,0\r\n")

        let status = try there.run("status", "--json", now: "2026-03-11T17:00:00Z").json()
        #expect(status["todayCompliancePercent"] as? String == "100%")
    }

    @Test("flying east: a break done at 23:00 on 03-10 in Los Angeles still counts for 03-10, read in Tokyo on 03-11")
    func breakFlyingEast() throws {
        let cli = try Self.harness(in: Self.losAngeles, now: "2026-03-11T05:30:00Z")
        defer { cli.remove() }
        try Self.completeBreak(cli, start: "2026-03-11T05:31:00Z", due: "2026-03-11T05:52:00Z", done: "2026-03-11T06:00:00Z")

        let there = Self.moved(cli, to: Self.tokyo)
        let days = try Self.days(try there.run("stats", "--json", now: "2026-03-11T08:00:00Z").json())
        #expect(days.last?["date"] as? String == "2026-03-11")
        #expect(days.last?["completed"] as? Int == 0)
        #expect(days.dropLast().last?["date"] as? String == "2026-03-10")
        #expect(days.dropLast().last?["completed"] as? Int == 1)
        let csv = try there.run("export", "csv", now: "2026-03-11T08:00:00Z").stdout
        #expect(csv == "date,completed,skipped,natural\r\n2026-03-10,1,0,0\r\n")
        let status = try there.run("status", "--json", now: "2026-03-11T08:00:00Z").json()
        #expect(status["todayCompliancePercent"] as? String == "—")
    }

    /// One stopwatch segment from `start` to `stop`, stopped by a command.
    private static func focusSegment(_ cli: CLIHarness, start: String, stop: String) throws {
        #expect(try cli.run("focus", "start", "--mode", "stopwatch", now: start).status == 0)
        #expect(try cli.run("focus", "stop", now: stop).status == 0)
    }

    private static func history(_ cli: CLIHarness, now: String, _ arguments: String...) throws -> [String: Any] {
        let output = try cli.run(["history", "--json"] + arguments, now: now)
        #expect(output.status == 0, "stderr was \(output.stderr)")
        return try output.json()
    }

    private static func sessionDays(_ json: [String: Any]) throws -> [String] {
        try #require(json["sessions"] as? [[String: Any]]).compactMap { $0["day"] as? String }
    }

    private static func byDay(_ json: [String: Any]) throws -> [String] {
        let stats = try #require(json["stats"] as? [String: Any])
        return try #require(stats["byDay"] as? [[String: Any]]).compactMap { $0["day"] as? String }
    }

    @Test("flying east: a focus session at 23:40 on 03-10 in UTC lists, counts and filters as 03-10 23:40 when read in Tokyo")
    func focusFlyingEast() throws {
        let cli = try Self.harness(in: "UTC", now: "2026-03-10T23:40:00Z")
        defer { cli.remove() }
        try Self.focusSegment(cli, start: "2026-03-10T23:40:00Z", stop: "2026-03-10T23:50:00Z")

        let there = Self.moved(cli, to: Self.tokyo)
        let now = "2026-03-11T01:00:00Z"
        let all = try Self.history(there, now: now)
        #expect(try Self.sessionDays(all) == ["2026-03-10"])
        #expect(try Self.byDay(all) == ["2026-03-10"])
        #expect(try Self.sessionDays(try Self.history(there, now: now, "--from", "2026-03-10", "--to", "2026-03-10")) == ["2026-03-10"])
        #expect(try Self.sessionDays(try Self.history(there, now: now, "--from", "2026-03-11", "--to", "2026-03-11")).isEmpty)

        let text = try there.run("history", now: now).stdout
        #expect(text.contains("2026-03-10 23:40"), "history printed \(text)")
        #expect(!text.contains("2026-03-11 08:40"), "history printed \(text)")
        #expect(text.contains("  2026-03-10  10m  1 session"), "history printed \(text)")
    }

    @Test("flying west: a focus session at 08:40 on 03-11 in Tokyo lists, counts and filters as 03-11 08:40 when read in Los Angeles")
    func focusFlyingWest() throws {
        let cli = try Self.harness(in: Self.tokyo, now: "2026-03-10T23:40:00Z")
        defer { cli.remove() }
        try Self.focusSegment(cli, start: "2026-03-10T23:40:00Z", stop: "2026-03-10T23:50:00Z")

        let there = Self.moved(cli, to: Self.losAngeles)
        let now = "2026-03-11T01:00:00Z"
        let all = try Self.history(there, now: now)
        #expect(try Self.sessionDays(all) == ["2026-03-11"])
        #expect(try Self.byDay(all) == ["2026-03-11"])
        #expect(try Self.sessionDays(try Self.history(there, now: now, "--from", "2026-03-11", "--to", "2026-03-11")) == ["2026-03-11"])
        #expect(try Self.sessionDays(try Self.history(there, now: now, "--to", "2026-03-10")).isEmpty)
        let text = try there.run("history", now: now).stdout
        #expect(text.contains("2026-03-11 08:40"), "history printed \(text)")
        #expect(!text.contains("2026-03-10 16:40"), "history printed \(text)")
    }

    @Test("a timer started in Tokyo that ended unseen counts for its Tokyo day when a command in Los Angeles records it")
    func focusRecordedLaterElsewhere() throws {
        let cli = try Self.harness(in: Self.tokyo, now: "2026-03-11T15:30:00Z")
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--mode", "timer", "--duration", "25m").status == 0)

        let there = Self.moved(cli, to: Self.losAngeles)
        let shown = try there.run("focus", "status", "--json", now: "2026-03-11T17:00:00Z")
        #expect(shown.status == 0)
        let json = try Self.history(there, now: "2026-03-11T17:00:00Z")
        #expect(try Self.sessionDays(json) == ["2026-03-12"])
        let text = try there.run("history", now: "2026-03-11T17:00:00Z").stdout
        #expect(text.contains("2026-03-12 00:30"), "history printed \(text)")
    }
}
