import Foundation
import Testing
@testable import LockOutCore

@Suite("Status bar formats of the breaks and focus")
struct StatusBarSnapshotTests {
    private static func snapshot(_ engine: BreakEngine, focus: LiveStatus? = nil, skipped: Int = 0, at minutes: Double) -> StatusBarSnapshot {
        let now = BreakFixture.at(minutes)
        let today = DayStat(date: LocalDate(now, in: BreakFixture.berlin), completed: 0, skipped: skipped)
        let dashboard = DashboardScreen(engine: engine, today: today, now: now)
        return StatusBarSnapshot(dashboard: dashboard, focus: focus, now: now, calendar: BreakFixture.berlin)
    }

    private static func encoded(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try #require(JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
    }

    @Test("a break countdown shows whole minutes rounded up, changing at the minute boundary")
    func countdownMinuteBoundary() throws {
        let engine = BreakFixture.running()
        let before = Self.snapshot(engine, at: 8 - 1.0 / 60)  // 12:01 left
        let at = Self.snapshot(engine, at: 8)  // 12:00 left
        let after = Self.snapshot(engine, at: 8 + 1.0 / 60)  // 11:59 left
        #expect(before.nextBreak?.minutesLeft == 13)
        #expect(at.nextBreak?.minutesLeft == 12)
        #expect(after.nextBreak?.minutesLeft == 12)
        #expect(at == Self.snapshot(engine, at: 8.5))  // the seconds in between change nothing
        #expect(at.nextChange == BreakFixture.at(9))
        let waybar = StatusBarFormat.waybar(at)
        #expect(waybar == WaybarBarStatus(text: "👁 12 min", tooltip: "Eye Break in 12 min", cssClass: "running", alt: "eye"))
        #expect(StatusBarFormat.i3blocks(at) == "👁 12 min")
        let json = try Self.encoded(waybar)
        #expect(Set(json.keys) == ["text", "tooltip", "class", "alt"])
    }

    @Test("a break that fell due shows due, class due, and counts nothing down")
    func due() throws {
        var engine = BreakFixture.running()
        _ = try engine.handle(.tick, now: BreakFixture.at(20))
        let snapshot = Self.snapshot(engine, skipped: 2, at: 20.5)
        #expect(snapshot.state == "due")
        #expect(snapshot.currentBreak?.kind == .eye)
        #expect(snapshot.nextChange == nil)
        let waybar = StatusBarFormat.waybar(snapshot)
        #expect(waybar.text == "👁 due")
        #expect(waybar.tooltip == "Eye Break is due · Skipped today: 2")
        #expect(waybar.cssClass == "due")
    }

    @Test("paused breaks show until when, class paused, in the JSON as pausedUntil")
    func paused() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.pause(seconds: 30 * 60), now: BreakFixture.at(1))
        let snapshot = Self.snapshot(engine, at: 2)
        let waybar = StatusBarFormat.waybar(snapshot)
        #expect(waybar.text == "⏸ until 23:44")
        #expect(waybar.tooltip == "Breaks paused until 23:44")
        #expect(waybar.cssClass == "paused")
        let json = try Self.encoded(snapshot)
        #expect(json["state"] as? String == "paused")
        #expect(json["pausedUntil"] as? String == "2023-11-14T22:44:20Z")
        #expect(json["nextBreak"] == nil)
    }

    @Test("stopped breaks show ⏹ with the dashboard's reason, class stopped")
    func stopped() {
        let snapshot = Self.snapshot(BreakFixture.engine(.idle(at: BreakFixture.t0)), at: 1)
        let waybar = StatusBarFormat.waybar(snapshot)
        #expect(waybar == WaybarBarStatus(text: "⏹", tooltip: "Breaks are stopped", cssClass: "stopped", alt: "stopped"))
    }

    @Test("a running focus session shows beside the break countdown, class focus, its seconds in the JSON")
    func focusWithBreakCountdown() throws {
        let focus = try FocusFixture.started(.timer, minutes: 25, activity: "Writing")
        let status = try #require(focus.liveStatus(now: BreakFixture.at(6 + 40.0 / 60)))
        let snapshot = Self.snapshot(BreakFixture.running(), focus: status, at: 8)
        let waybar = StatusBarFormat.waybar(snapshot)
        #expect(waybar.text == "👁 12 min · 🎯 Timer 18:20")
        #expect(waybar.tooltip == "Eye Break in 12 min · Focus: Writing 18:20 left")
        #expect(waybar.cssClass == "focus")
        #expect(waybar.alt == "eye")
        let json = try Self.encoded(snapshot)
        let focusJSON = try #require(json["focus"] as? [String: Any])
        #expect(focusJSON["state"] as? String == "running")
        #expect(focusJSON["remainingText"] as? String == "18:20")
        #expect((json["nextBreak"] as? [String: Any])?["minutesLeft"] as? Int == 12)
    }

    @Test("no agent hides the module; the i3blocks line is empty")
    func noAgent() {
        #expect(StatusBarFormat.waybar(nil as StatusBarSnapshot?).text == "")
        #expect(StatusBarFormat.waybar(nil as StatusBarSnapshot?).cssClass == "stopped")
        #expect(StatusBarFormat.i3blocks(nil) == "")
    }

    @Test("an activity with line breaks stays on one line in i3blocks and waybar")
    func oneLine() throws {
        let status = LiveStatus(
            mode: .stopwatch, label: "Stopwatch", remaining: nil, elapsed: 60, isRunning: true, isOnBreak: false,
            activity: "Write\nthe\u{2028}report\r", completedCycles: nil, totalCycles: nil, endsAt: nil
        )
        let snapshot = Self.snapshot(BreakFixture.engine(.idle(at: BreakFixture.t0)), focus: status, at: 1)
        #expect(StatusBarFormat.i3blocks(snapshot) == "⏹ · 🎯 Stopwatch 01:00")
        let tooltip = StatusBarFormat.waybar(snapshot).tooltip
        #expect(tooltip == "Breaks are stopped · Focus: Write the report  01:00 elapsed")
        #expect(!StatusBarFormat.i3blocks(snapshot).contains("\n"))
    }
}
