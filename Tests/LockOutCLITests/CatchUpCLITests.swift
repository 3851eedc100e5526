import Foundation
import Testing

/// With no agent running, what ended while nothing ran is recorded by whichever command opens the database first.
@Suite("lockout records what ended, whatever the command")
struct CatchUpCLITests {
    @Test("a timer that ran out with no agent is listed by 'lockout history' alone")
    func historyListsFinishedTimer() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("focus", "start", "--mode", "timer", "--duration", "25m").status == 0)
        let json = try cli.run("history", "--json", now: "2026-11-23T08:30:00Z").json()
        let sessions = try #require(json["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["outcome"] as? String == "completed")
        #expect(sessions.first?["actual"] as? Double == 1500)
        let text = try cli.run("history", now: "2026-11-23T08:30:00Z").stdout
        #expect(text.contains("Total: 25m focus in 1 session"), "history printed \(text)")
    }

    @Test("a break taken with 'break now' that ended with no agent counts as done in 'lockout stats' and the CSV alone")
    func statsCountBreakThatEnded() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        // A 20-second eye break from 08:00:00 ends at 08:00:20.
        #expect(try cli.run("break", "now", "--kind", "eye").status == 0)
        let stats = try cli.run("stats", "--json", now: "2026-11-23T08:10:00Z").json()
        let days = try #require(stats["days"] as? [[String: Any]])
        #expect(days.last?["completed"] as? Int == 1)
        let csv = try cli.run("export", "csv", now: "2026-11-23T08:10:00Z").stdout
        #expect(csv == "date,completed,skipped,natural\r\n2026-11-23,1,0,0\r\n")
    }
}
