import Foundation
import Testing

@Suite("lockout command line")
struct CLITests {
    @Test("status --json on a fresh data directory: running, the eye break 20 minutes out")
    func freshStatus() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("status", "--json")
        #expect(output.status == 0)
        let json = try output.json()
        #expect(json["state"] as? String == "running")
        let next = try #require(json["nextBreak"] as? [String: Any])
        #expect(next["kind"] as? String == "eye")
        #expect(next["countdown"] as? String == "20:00")
        #expect(next["dueAt"] as? String == "2026-11-23T08:20:00Z")
    }

    @Test("--data-dir works before and after the subcommand")
    func dataDirEitherSide() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("settings", "set", "snooze", "10m", dataDirFirst: true).status == 0)
        let after = try cli.run("settings", "--json", dataDirFirst: false)
        let snooze = try #require(try after.json()["snooze"] as? [String: Any])
        #expect(snooze["value"] as? Int == 10)
    }

    @Test("--version prints the version alone")
    func version() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("--version")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "0.21.0\n")
    }

    @Test("an unknown kind prints one line saying what is allowed, exits non-zero, changes nothing")
    func unknownKind() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let before = try cli.run("schedule", "--json").stdout
        let output = try cli.run("schedule", "set", "nap", "--every", "10m")
        #expect(output.status != 0)
        #expect(output.stderr == "lockout: unknown break kind 'nap': use eye, micro or long\n")
        #expect(try cli.run("schedule", "--json").stdout == before)
    }

    @Test("an interval out of range names the range and saves nothing")
    func intervalOutOfRange() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("schedule", "set", "eye", "--every", "121m")
        #expect(output.status != 0)
        #expect(output.stderr == "lockout: eye interval of 121 min is out of range: allowed 1...120 min\n")
        let sections = try #require(try cli.run("schedule", "--json").json()["sections"] as? [[String: Any]])
        let interval = try #require(sections.first?["interval"] as? [String: Any])
        #expect(interval["value"] as? Int == 20)
    }

    @Test("a malformed duration is refused with the accepted forms")
    func malformedDuration() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("pause", "--for", "soon")
        #expect(output.status != 0)
        #expect(output.stderr.contains("like 20s, 20m, 1h or 1h30m"))
        #expect(try cli.run("status", "--json").json()["state"] as? String == "running")
    }

    @Test("schedule set changes interval, duration and toggle together")
    func scheduleSet() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("schedule", "set", "long", "--every", "1h30m", "--for", "10m", "--enabled", "false")
        #expect(output.status == 0)
        #expect(output.stdout.contains("long   no       1h30m    10m"))
    }

    @Test("answering a break with LOCKOUT_NOW: due → snooze → done, then stats show it")
    func answerWithFixedClock() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try cli.run("status")
        let due = try cli.run("status", "--json", now: "2026-11-23T08:21:00Z").json()
        #expect(due["state"] as? String == "breakPending")
        #expect(try cli.run("break", "snooze", now: "2026-11-23T08:21:00Z").status == 0)
        let snoozed = try cli.run("status", "--json", now: "2026-11-23T08:22:00Z").json()
        #expect(snoozed["state"] as? String == "snoozed")
        #expect(try cli.run("break", "done", now: "2026-11-23T08:26:30Z").status == 0)

        let stats = try cli.run("stats", "--json", now: "2026-11-23T09:00:00Z").json()
        let days = try #require(stats["days"] as? [[String: Any]])
        #expect(days.count == 7)
        #expect(days.last?["date"] as? String == "2026-11-23")
        #expect(days.last?["completed"] as? Int == 1)
        let summary = try #require(stats["summary"] as? [String: Any])
        #expect(summary["total"] as? Int == 1)
        #expect(summary["streak"] as? Int == 1)
    }

    @Test("break done with nothing due says how to take a break")
    func doneWithoutBreak() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("break", "done")
        #expect(output.status != 0)
        #expect(output.stderr == "lockout: no break is due right now: use 'lockout break now' to take one\n")
    }

    @Test("stats --days accepts 7, 14 and 30 only")
    func statsRange() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let fortnight = try #require(try cli.run("stats", "--days", "14", "--json").json()["days"] as? [Any])
        #expect(fortnight.count == 14)
        let wrong = try cli.run("stats", "--days", "10")
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("use 7, 14 or 30"))
    }

    @Test("export csv writes a header and one CRLF row per day")
    func exportCSV() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try cli.run("status")
        _ = try cli.run("break", "skip", now: "2026-11-23T08:21:00Z")
        let file = cli.directory.appendingPathComponent("out.csv")
        #expect(try cli.run("export", "csv", "--output", file.path, now: "2026-11-23T09:00:00Z").status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "date,completed,skipped,natural\r\n2026-11-23,0,1,0\r\n")
    }

    @Test("pause --until-tomorrow pauses until local midnight; resume runs again")
    func pauseUntilTomorrow() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let paused = try cli.run("pause", "--until-tomorrow")
        #expect(paused.status == 0)
        #expect(paused.stdout.hasPrefix("Paused until 2026-11-24 00:00"))
        let json = try cli.run("status", "--json").json()
        #expect(json["pausedUntil"] as? String == "2026-11-23T23:00:00Z")
        #expect(try cli.run("resume").status == 0)
        #expect(try cli.run("status", "--json").json()["state"] as? String == "running")
    }

    @Test("working hours: outside them nothing runs and status says when breaks start")
    func workingHours() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("schedule", "hours", "mon-fri", "09:00-17:00").status == 0)
        let evening = try cli.run("status", now: "2026-11-23T18:00:00Z")
        #expect(evening.stdout.hasPrefix("Outside working hours: breaks start at 2026-11-24 09:00"))
        let morning = try cli.run("status", "--json", now: "2026-11-24T08:30:00Z").json()
        #expect(morning["state"] as? String == "running")
        #expect(try cli.run("schedule", "hours", "mon-fri", "17:00-09:00").status != 0)
    }

    @Test("settings set retention out of range names 7...3650")
    func retentionOutOfRange() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("settings", "set", "retention", "5")
        #expect(output.status != 0)
        #expect(output.stderr == "lockout: retention of 5 days is out of range: allowed 7...3650 days\n")
    }
}
