import Foundation
import Testing

/// Focus sessions from the command line with no agent running, so every command goes to the database.
/// The harness starts at 2026-11-23T08:00:00Z (09:00 in Berlin).
///
/// `LOCKOUT_NOW` sets where each process's clock starts, and the clock then runs for the few
/// milliseconds the process lives; so times are compared within a second, and a `MM:SS` text is read
/// half a second away from a whole second (a countdown rounds partial seconds up).
@Suite("lockout focus")
struct FocusCLITests {
    private static func status(_ json: [String: Any]) throws -> [String: Any] {
        try #require(json["status"] as? [String: Any])
    }

    @Test("start --mode pomodoro runs Work with 25:00 remaining")
    func startPomodoro() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let started = try cli.run("focus", "start", "--mode", "pomodoro")
        #expect(started.status == 0)
        #expect(started.stdout.hasPrefix("Pomodoro · Work · 25:00 left, ends 09:25"))
        let json = try cli.run("focus", "status", "--json").json()
        #expect(json["state"] as? String == "running")
        #expect(json["remainingText"] as? String == "25:00")
        #expect(try Self.status(json)["label"] as? String == "Work")
    }

    @Test("26 minutes later the focus segment is completed, the short break runs and history lists the segment")
    func pomodoroAdvancesToBreak() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--mode", "pomodoro").status == 0)
        let later = try cli.run("focus", "status", "--json", now: "2026-11-23T08:26:00.500Z").json()
        #expect(later["state"] as? String == "running")
        #expect(later["remainingText"] as? String == "04:00")
        let status = try Self.status(later)
        #expect(status["label"] as? String == "Break")
        #expect(status["isOnBreak"] as? Bool == true)
        #expect(status["completedCycles"] as? Int == 1)

        let history = try cli.run("history", "--json", now: "2026-11-23T08:26:00Z").json()
        let sessions = try #require(history["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["segment"] as? String == "focus")
        #expect(sessions.first?["outcome"] as? String == "completed")
        #expect(sessions.first?["actual"] as? Double == 1500)
    }

    @Test("pause freezes the time left; resume counts on from there")
    func pauseResume() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--mode", "timer", "--duration", "10m").status == 0)
        let paused = try cli.run("focus", "pause", now: "2026-11-23T08:04:00.500Z")
        #expect(paused.status == 0)
        #expect(paused.stdout.hasPrefix("Timer · paused with 06:00 left"))
        let stillPaused = try cli.run("focus", "status", "--json", now: "2026-11-23T08:30:00Z").json()
        #expect(stillPaused["state"] as? String == "paused")
        #expect(stillPaused["remainingText"] as? String == "06:00")
        #expect(try cli.run("focus", "resume", now: "2026-11-23T08:30:00Z").status == 0)
        let resumed = try cli.run("focus", "status", "--json", now: "2026-11-23T08:32:00Z").json()
        #expect(resumed["state"] as? String == "running")
        #expect(resumed["remainingText"] as? String == "04:00")
        #expect(try Self.status(resumed)["remaining"] as? Double == 239.5)  // LOCKOUT_NOW fixes each command's now
    }

    @Test("stop ends the session; a stopped countdown is recorded as cancelled")
    func stop() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--duration", "25").status == 0)
        let stopped = try cli.run("focus", "stop", now: "2026-11-23T08:10:00Z")
        #expect(stopped.status == 0)
        #expect(stopped.stdout.hasPrefix("No focus session."))
        let sessions = try #require(try cli.run("history", "--json").json()["sessions"] as? [[String: Any]])
        #expect(sessions.first?["outcome"] as? String == "cancelled")
        #expect(sessions.first?["actual"] as? Double == 600)
    }

    @Test("skip ends a pomodoro segment as completed and starts the break")
    func skipPomodoro() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--mode", "pomodoro").status == 0)
        #expect(try cli.run("focus", "skip", now: "2026-11-23T08:10:00Z").status == 0)
        let json = try cli.run("focus", "status", "--json", now: "2026-11-23T08:10:00Z").json()
        #expect(try Self.status(json)["label"] as? String == "Break")
        #expect(json["remainingText"] as? String == "05:00")
    }

    @Test("start --activity tags the session with a known activity")
    func startWithActivity() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("activity", "add", "Écriture").status == 0)
        #expect(try cli.run("focus", "start", "--mode", "stopwatch", "--activity", "écriture").status == 0)
        let json = try cli.run("focus", "status", "--json", now: "2026-11-23T08:12:02.500Z").json()
        #expect(json["elapsedText"] as? String == "12:02")  // running time drops partial seconds
        #expect(json["remainingText"] == nil)
        #expect(try Self.status(json)["activity"] as? String == "Écriture")
    }

    // MARK: - Bad input: one line, non-zero, nothing changed

    /// `focus status --json` without the running seconds and their `MM:SS` texts, which move with each
    /// process's clock: it starts at `LOCKOUT_NOW` when the process starts, so a slow start on a busy
    /// machine moves them by a second.
    private static func fixedStatus(_ cli: CLIHarness, now: String?) throws -> String {
        var json = try cli.run(["focus", "status", "--json"], now: now).json()
        json["elapsedText"] = nil
        json["remainingText"] = nil
        if var status = json["status"] as? [String: Any] {
            status["remaining"] = nil
            status["elapsed"] = nil
            json["status"] = status
        }
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `arguments`, expects a failure with exactly one stderr line saying `message`, and that
    /// the focus status is the same afterwards.
    private static func refuses(
        _ cli: CLIHarness, _ arguments: [String], saying message: String, now: String? = nil
    ) throws {
        let before = try fixedStatus(cli, now: now)
        let output = try cli.run(arguments, now: now)
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("lockout: "))
        #expect(output.stderr.filter { $0 == "\n" }.count == 1)
        #expect(output.stderr.contains(message), "stderr was \(output.stderr)")
        #expect(try fixedStatus(cli, now: now) == before)
    }

    @Test("an unknown mode names the four modes")
    func unknownMode() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Self.refuses(cli, ["focus", "start", "--mode", "nap"], saying: "unknown mode 'nap': use timer, pomodoro, stopwatch or focus")
    }

    @Test("--duration 0 is out of range and names the range")
    func zeroDuration() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Self.refuses(cli, ["focus", "start", "--duration", "0"], saying: "allowed 1...240 min")
        try Self.refuses(cli, ["focus", "start", "--duration", "soon"], saying: "like 20s, 20m, 1h or 1h30m")
    }

    @Test("skip in timer mode says it is for pomodoro only")
    func skipInTimer() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--mode", "timer").status == 0)
        try Self.refuses(cli, ["focus", "skip"], saying: "skip is allowed only in pomodoro, not in timer: use stop", now: "2026-11-23T08:05:00Z")
    }

    @Test("pause while paused says to resume or stop")
    func pauseWhilePaused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start").status == 0)
        #expect(try cli.run("focus", "pause", now: "2026-11-23T08:01:00Z").status == 0)
        try Self.refuses(cli, ["focus", "pause"], saying: "already paused: use resume or stop", now: "2026-11-23T08:02:00Z")
    }

    @Test("an unknown activity is refused and no session starts")
    func unknownActivity() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Self.refuses(cli, ["focus", "start", "--activity", "Knitting"], saying: "no activity named 'Knitting'")
        #expect(try cli.run("focus", "status", "--json").json()["state"] as? String == "stopped")
    }

    // MARK: - Settings

    @Test("settings set changes one value and settings --json shows it")
    func settingsSet() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let set = try cli.run("focus", "settings", "set", "short-break", "10m")
        #expect(set.status == 0)
        #expect(set.stdout.contains("Short break:  10 min  (1...30)"))
        #expect(try cli.run("focus", "settings", "set", "cycles", "3").status == 0)
        #expect(try cli.run("focus", "settings", "set", "hold-breaks", "on").status == 0)
        let json = try cli.run("focus", "settings", "--json").json()
        #expect(json["shortBreakMinutes"] as? Int == 10)
        #expect(json["cycles"] as? Int == 3)
        #expect(json["holdBreaksDuringFocus"] as? Bool == true)
    }

    @Test("a setting out of range names its range and saves nothing")
    func settingOutOfRange() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let before = try cli.run("focus", "settings", "--json").stdout
        let output = try cli.run("focus", "settings", "set", "focus", "121m")
        #expect(output.status != 0)
        #expect(output.stderr == "lockout: focus of 121 min is out of range: allowed 5...120 min\n")
        let unknown = try cli.run("focus", "settings", "set", "nap", "5m")
        #expect(unknown.stderr == "lockout: unknown focus setting 'nap': use focus, short-break, long-break, cycles, timer or hold-breaks\n")
        let hold = try cli.run("focus", "settings", "set", "hold-breaks", "maybe")
        #expect(hold.stderr == "lockout: hold-breaks must be on or off, not 'maybe'\n")
        #expect(try cli.run("focus", "settings", "--json").stdout == before)
    }

    // MARK: - Status bar

    @Test("--format waybar prints one module object; stopped hides the module")
    func waybarOnce() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let stopped = try cli.run("focus", "status", "--format", "waybar")
        #expect(stopped.stdout == #"{"class":"stopped","percentage":0,"text":"","tooltip":""}"# + "\n")
        #expect(try cli.run("focus", "start", "--mode", "timer", "--duration", "10m").status == 0)
        let running = try cli.run("focus", "status", "--format", "waybar", now: "2026-11-23T08:05:00.500Z").json()
        #expect(running["text"] as? String == "Timer 05:00")
        #expect(running["class"] as? String == "work")
        #expect(running["percentage"] as? Int == 50)
    }

    @Test("an unknown --format lists json and waybar")
    func unknownFormat() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run("focus", "status", "--format", "i3bar")
        #expect(output.status != 0)
        #expect(output.stderr == "lockout: unknown format 'i3bar': use json or waybar\n")
    }

    @Test("--follow with no agent prints the stopped line, then exits 0 once stdout closes")
    func followWithoutAgent() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let follower = try cli.start("focus", "status", "--follow")
        let line = follower.readLine()
        #expect(line == #"{"state":"stopped"}"#)
        follower.closeOutput()
        let status = try #require(follower.waitForExit(timeout: 30), "--follow kept running after stdout closed")
        #expect(status == 0)
    }
}
