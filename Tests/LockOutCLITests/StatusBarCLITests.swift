import Foundation
import Testing

/// `lockout status --format/--follow` with no agent running. The harness starts at 2026-11-23T08:00:00Z
/// (09:00 in Berlin), with the first eye break due 20 minutes later.
@Suite("lockout status for a status bar")
struct StatusBarCLITests {
    @Test("--format waybar and i3blocks print one line of the next break and the focus session")
    func formatsOnce() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("status").status == 0)
        let waybar = try cli.run("status", "--format", "waybar", now: "2026-11-23T08:01:00.500Z")
        #expect(waybar.status == 0)
        #expect(waybar.stdout == #"{"alt":"eye","class":"running","text":"👁 19 min","tooltip":"Eye Break in 19 min"}"# + "\n")
        #expect(try cli.run("activity", "add", "Writing", now: "2026-11-23T08:01:00Z").status == 0)
        #expect(try cli.run("focus", "start", "--mode", "timer", "--duration", "25m", "--activity", "Writing", now: "2026-11-23T08:01:40Z").status == 0)
        let i3blocks = try cli.run("status", "--format", "i3blocks", now: "2026-11-23T08:08:20.500Z")
        #expect(i3blocks.stdout == "👁 12 min · 🎯 Timer 18:20\n")
        let json = try cli.run("status", "--format", "json", now: "2026-11-23T08:08:20.500Z").json()
        #expect(json["state"] as? String == "running")
        #expect((json["focus"] as? [String: Any])?["activity"] as? String == "Writing")
    }

    @Test("an unknown --format lists json, waybar and i3blocks; --json with waybar is refused")
    func refusals() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let unknown = try cli.run("status", "--format", "i3bar")
        #expect(unknown.status != 0)
        #expect(unknown.stderr == "lockout: unknown format 'i3bar': use json, waybar or i3blocks\n")
        let both = try cli.run("status", "--json", "--format", "waybar")
        #expect(both.status != 0)
        #expect(both.stderr == "lockout: --json and --format waybar disagree: use one of them\n")
        #expect(try cli.run("status").stdout.hasPrefix("Eye Break in"))
    }

    @Test("--follow with no agent prints the stopped line, then exits 0 once stdout closes")
    func followWithoutAgent() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let follower = try cli.start("status", "--follow", "--format", "waybar")
        #expect(follower.readLine() == #"{"alt":"stopped","class":"stopped","text":"","tooltip":"LockOut is not running"}"#)
        follower.closeOutput()
        let status = try #require(follower.waitForExit(timeout: 30), "--follow kept running after stdout closed")
        #expect(status == 0)
    }
}
