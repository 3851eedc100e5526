import Foundation
import Testing

/// Activities, the focus history and tasks from the command line, with no agent running.
/// The harness starts at 2026-11-23T08:00:00Z (09:00 in Berlin); seconds are compared within a
/// second, since each process's clock runs on from its `LOCKOUT_NOW` for the milliseconds it lives.
@Suite("lockout activity, history and task")
struct ActivityHistoryTaskCLITests {
    private static func activities(_ cli: CLIHarness, _ arguments: String...) throws -> [[String: Any]] {
        let output = try cli.run(["activity", "list", "--json"] + arguments)
        #expect(output.status == 0)
        return try #require(try output.json()["activities"] as? [[String: Any]])
    }

    private static func names(_ activities: [[String: Any]]) -> [String] {
        activities.compactMap { $0["name"] as? String }
    }

    /// One line on stderr starting `lockout: ` and containing `message`, a non-zero exit.
    private static func expectRefusal(_ output: CLIHarness.Output, saying message: String) {
        #expect(output.status != 0)
        #expect(output.stderr.hasPrefix("lockout: "))
        #expect(output.stderr.filter { $0 == "\n" }.count == 1)
        #expect(output.stderr.contains(message), "stderr was \(output.stderr)")
    }

    // MARK: - Activities

    @Test("list --search ignores accents and case: 'ecri' and 'ÉCRI' find Écriture")
    func searchIgnoresAccentsAndCase() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("activity", "add", "Écriture", "--collection", "Work").status == 0)
        #expect(try cli.run("activity", "add", "Reading").status == 0)
        #expect(Self.names(try Self.activities(cli, "--search", "ecri")) == ["Écriture"])
        #expect(Self.names(try Self.activities(cli, "--search", "ÉCRI")) == ["Écriture"])
        #expect(Self.names(try Self.activities(cli, "--collection", "work")) == ["Écriture"])
        #expect(try cli.run("activity", "list", "--search", "zzz").stdout == "No activity matches.\n")
    }

    @Test("a name taken in another case is refused")
    func duplicateName() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("activity", "add", "Écriture").status == 0)
        Self.expectRefusal(try cli.run("activity", "add", " écriture "), saying: "already exists")
        #expect(try Self.activities(cli).count == 1)
    }

    @Test("pinned activities are listed first; unpin puts them back in name order")
    func pinOrder() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        for name in ["Beta", "alpha", "Gamma"] { #expect(try cli.run("activity", "add", name).status == 0) }
        #expect(Self.names(try Self.activities(cli)) == ["alpha", "Beta", "Gamma"])
        let pinned = try cli.run("activity", "pin", "gamma")
        #expect(pinned.stdout == "Pinned Gamma.\n")
        #expect(Self.names(try Self.activities(cli)) == ["Gamma", "alpha", "Beta"])
        #expect(try cli.run("activity", "list").stdout.hasPrefix("   NAME   COLLECTION  NOTES\n*  Gamma  —"))
        #expect(try cli.run("activity", "unpin", "Gamma").status == 0)
        #expect(Self.names(try Self.activities(cli)) == ["alpha", "Beta", "Gamma"])
    }

    @Test("note keeps text with the activity; remove deletes it and a second remove is refused")
    func noteAndRemove() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("activity", "add", "Spanish").status == 0)
        #expect(try cli.run("activity", "note", "spanish", "Unit 4: subjunctive").status == 0)
        #expect(try Self.activities(cli).first?["notes"] as? String == "Unit 4: subjunctive")
        #expect(try cli.run("activity", "remove", "SPANISH").stdout == "Removed Spanish.\n")
        #expect(try Self.activities(cli).isEmpty)
        Self.expectRefusal(try cli.run("activity", "remove", "Spanish"), saying: "no activity named 'Spanish'")
        Self.expectRefusal(try cli.run("activity", "note", "Spanish", "x"), saying: "no activity named 'Spanish'")
    }

    // MARK: - History

    /// Three focus segments: Writing 10 min completed and Reading 3 min cancelled on 2026-11-23,
    /// Writing 20 min less 0.3 s (stopwatch: its `MM:SS` reads 19:59) on 2026-11-24.
    private static func recordSessions(_ cli: CLIHarness) throws {
        for name in ["Writing", "Reading"] { #expect(try cli.run("activity", "add", name).status == 0) }
        #expect(try cli.run("focus", "start", "--duration", "10m", "--activity", "Writing", now: "2026-11-23T08:00:00Z").status == 0)
        #expect(try cli.run("focus", "start", "--duration", "5m", "--activity", "Reading", now: "2026-11-23T09:00:00Z").status == 0)
        #expect(try cli.run("focus", "stop", now: "2026-11-23T09:03:00Z").status == 0)
        #expect(try cli.run("focus", "start", "--mode", "stopwatch", "--activity", "Writing", now: "2026-11-24T08:00:00Z").status == 0)
        #expect(try cli.run("focus", "stop", now: "2026-11-24T08:19:59.700Z").status == 0)
    }

    private static func history(_ cli: CLIHarness, _ arguments: String...) throws -> [String: Any] {
        let output = try cli.run(["history", "--json"] + arguments)
        #expect(output.status == 0, "stderr was \(output.stderr)")
        return try output.json()
    }

    private static func sessions(_ json: [String: Any]) throws -> [[String: Any]] {
        try #require(json["sessions"] as? [[String: Any]])
    }

    @Test("history lists every segment newest first with the totals, by activity and by day")
    func historyStatistics() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Self.recordSessions(cli)
        let json = try Self.history(cli)
        let sessions = try Self.sessions(json)
        #expect(sessions.count == 3)
        for (session, actual) in zip(sessions, [1199.7, 180, 600]) { #expect(toTheMillisecond(session["actual"], actual)) }
        #expect(sessions.compactMap { $0["outcome"] as? String } == ["completed", "cancelled", "completed"])
        let stats = try #require(json["stats"] as? [String: Any])
        let total = try #require(stats["total"] as? [String: Any])
        #expect(total["sessions"] as? Int == 3)
        #expect(total["cancelled"] as? Int == 1)
        #expect(toTheMillisecond(total["focusTime"], 1979.7))
        #expect(toTheMillisecond(total["averageLength"], 659.9))
        let byActivity = try #require(stats["byActivity"] as? [[String: Any]])
        #expect(byActivity.compactMap { $0["activity"] as? String } == ["Writing", "Reading"])
        let byDay = try #require(stats["byDay"] as? [[String: Any]])
        #expect(byDay.compactMap { $0["day"] as? String } == ["2026-11-23", "2026-11-24"])

        let text = try cli.run("history").stdout
        #expect(text.contains("Total: 33m focus in 3 sessions (1 cancelled), average 11m\n"))
        #expect(text.contains("  Writing  30m  2 sessions\n"))
        #expect(text.contains("  2026-11-24  20m  1 session"))
    }

    @Test("history filters by activity (any case) and by an inclusive day range")
    func historyFilters() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Self.recordSessions(cli)
        #expect(try Self.sessions(try Self.history(cli, "--activity", "writing")).count == 2)
        #expect(try Self.sessions(try Self.history(cli, "--from", "2026-11-24")).count == 1)
        #expect(try Self.sessions(try Self.history(cli, "--to", "2026-11-23")).count == 2)
        let both = try Self.history(cli, "--activity", "Reading", "--from", "2026-11-23", "--to", "2026-11-23")
        #expect(try Self.sessions(both).compactMap { $0["activity"] as? String } == ["Reading"])
        Self.expectRefusal(try cli.run("history", "--from", "yesterday"), saying: "malformed date 'yesterday': use YYYY-MM-DD")
        Self.expectRefusal(
            try cli.run("history", "--from", "2026-11-24", "--to", "2026-11-23"),
            saying: "--from 2026-11-24 is after --to 2026-11-23"
        )
    }

    @Test("history show prints one segment's detail; an unknown id is refused")
    func historyShow() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Self.recordSessions(cli)
        let newest = try #require(try Self.sessions(try Self.history(cli)).first?["id"] as? String)
        let shown = try cli.run("history", "show", newest)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("Activity: Writing\nMode:     Stopwatch\n"))
        #expect(shown.stdout.contains("Actual:   19:59\nStarted:  2026-11-24 09:00\nEnded:    2026-11-24 09:19\n"))
        Self.expectRefusal(try cli.run("history", "show", "nope"), saying: "no focus session with id nope")
        Self.expectRefusal(
            try cli.run("history", "show", "00000000-0000-0000-0000-000000000000"),
            saying: "no focus session with id 00000000-0000-0000-0000-000000000000"
        )
    }

    // MARK: - Tasks

    private static func tasks(_ cli: CLIHarness) throws -> [[String: Any]] {
        try #require(try cli.run("task", "list", "--json").json()["tasks"] as? [[String: Any]])
    }

    private static func task(_ cli: CLIHarness, id: Int) throws -> [String: Any] {
        try #require(try tasks(cli).first { $0["id"] as? Int == id })
    }

    @Test("task add with --due and --remind; the list marks the task that has a reminder")
    func addAndList() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let added = try cli.run("task", "add", "Send report", "--due", "2026-11-24 10:00", "--remind", "1h-before")
        #expect(added.status == 0, "stderr was \(added.stderr)")
        #expect(try cli.run("task", "add", "Buy milk").status == 0)
        let report = try Self.task(cli, id: 1)
        #expect(report["due"] as? String == "2026-11-24 10:00")
        #expect(report["hasReminder"] as? Bool == true)
        #expect(report["reminder"] as? String == "1h-before")
        #expect(report["remindsAt"] as? String == "2026-11-24 09:00")
        #expect(try Self.task(cli, id: 2)["hasReminder"] as? Bool == false)

        let lines = try cli.run("task", "list").stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first { $0.contains("Send report") }?.contains("⏰") == true)
        #expect(lines.first { $0.contains("Buy milk") }?.contains("⏰") == false)
    }

    @Test("remind off clears the mark; remind on sets the default for the due time")
    func remindOffOn() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("task", "add", "Send report", "--due", "2026-11-24 10:00", "--remind", "day-before").status == 0)
        #expect(try cli.run("task", "remind", "1", "off").status == 0)
        #expect(try Self.task(cli, id: 1)["hasReminder"] as? Bool == false)
        #expect(try cli.run("task", "remind", "1", "on").status == 0)
        let on = try Self.task(cli, id: 1)
        #expect(on["hasReminder"] as? Bool == true)
        #expect(on["reminder"] as? String == "1h-before")
        #expect(try cli.run("task", "remind", "1", "2026-11-23 18:30").status == 0)
        #expect(try Self.task(cli, id: 1)["remindsAt"] as? String == "18:30")
    }

    @Test("--remind on for a task without a due date reminds one hour from now; so does 'task remind ID on'")
    func onWithoutDueDate() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let added = try cli.run("task", "add", "Water the plants", "--remind", "on")
        #expect(added.status == 0, "stderr was \(added.stderr)")
        #expect(added.stdout.contains(" ⏰  —    Water the plants  2026-11-23 10:00\n"))
        #expect(try Self.task(cli, id: 1)["reminder"] as? String == "2026-11-23 10:00")

        #expect(try cli.run("task", "add", "Call the bank").status == 0)
        let reminded = try cli.run("task", "remind", "2", "on", now: "2026-11-23T12:30:00Z")
        #expect(reminded.status == 0, "stderr was \(reminded.stderr)")
        let bank = try Self.task(cli, id: 2)
        #expect(bank["hasReminder"] as? Bool == true)
        #expect(bank["reminder"] as? String == "2026-11-23 14:30")
    }

    @Test("a refused reminder names what was typed: 1h-before, day-before or on, never morning-of")
    func refusalsNameTheChoice() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("task", "add", "Call the bank").status == 0)
        let expectedHint = "needs a due date and the task has none: use on (one hour from now) or YYYY-MM-DD HH:MM"
        Self.expectRefusal(try cli.run("task", "add", "Pay", "--remind", "1h-before"), saying: "the reminder 1h-before \(expectedHint)")
        Self.expectRefusal(try cli.run("task", "remind", "1", "day-before"), saying: "the reminder day-before \(expectedHint)")
        Self.expectRefusal(
            try cli.run("task", "add", "Pay", "--due", "2026-11-23 09:30", "--remind", "on"),
            saying: "the reminder on would fire at 2026-11-23 08:30, which has passed"
        )
        Self.expectRefusal(
            try cli.run("task", "remind", "1", "2026-11-23 08:00"),
            saying: "the reminder at 2026-11-23 08:00 has passed"
        )
        for arguments in [["task", "add", "Pay", "--remind", "1h-before"], ["task", "remind", "1", "day-before"]] {
            #expect(try !cli.run(arguments).stderr.contains("morning-of"))
        }
        #expect(try Self.tasks(cli).count == 1)
        #expect(try Self.task(cli, id: 1)["hasReminder"] as? Bool == false)
    }

    @Test("done marks the task and its reminder no longer fires; delete removes it")
    func doneAndDelete() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("task", "add", "Send report", "--due", "2026-11-24", "--remind", "morning-of").status == 0)
        #expect(try cli.run("task", "add", "Buy milk").status == 0)
        #expect(try cli.run("task", "done", "1").status == 0)
        let done = try Self.task(cli, id: 1)
        #expect(done["isDone"] as? Bool == true)
        #expect(done["hasReminder"] as? Bool == false)
        let deleted = try cli.run("task", "delete", "2")
        #expect(deleted.stdout == "Deleted task 2: Buy milk\n")
        #expect(try Self.tasks(cli).compactMap { $0["id"] as? Int } == [1])
    }

    @Test("bad task input is refused with one line and changes nothing")
    func badTaskInput() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("task", "add", "Send report").status == 0)
        let before = try cli.run("task", "list", "--json").stdout
        Self.expectRefusal(try cli.run("task", "done", "99"), saying: "no task with id 99: see 'lockout task list'")
        Self.expectRefusal(try cli.run("task", "delete", "abc"), saying: "'abc' is not a task id")
        Self.expectRefusal(try cli.run("task", "remind", "99", "on"), saying: "no task with id 99")
        Self.expectRefusal(try cli.run("task", "remind", "1", "soonish"), saying: "unknown reminder 'soonish'")
        Self.expectRefusal(try cli.run("task", "remind", "1", "morning-of"), saying: "the reminder morning-of needs a due date")
        Self.expectRefusal(try cli.run("task", "add", "Call", "--due", "tomorrow"), saying: "malformed due date 'tomorrow'")
        Self.expectRefusal(try cli.run("task", "add", "   "), saying: "a task needs a title")
        #expect(try cli.run("task", "list", "--json").stdout == before)
    }

    @Test("task test with no agent running says only the agent shows reminders")
    func testWithoutAgent() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("task", "add", "Send report").status == 0)
        Self.expectRefusal(try cli.run("task", "test", "1"), saying: "a test reminder needs the running agent")
        #expect(try cli.run("task", "test", "1").stderr.contains("start it with 'lockout run'"))
    }
}
