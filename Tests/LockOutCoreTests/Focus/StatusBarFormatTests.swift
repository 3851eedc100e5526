import Foundation
import Testing
@testable import LockOutCore

@Suite("Status bar formats of the live status")
struct StatusBarFormatTests {
    private static func status(_ engine: FocusEngine, minutes: Double) throws -> LiveStatus {
        try #require(engine.liveStatus(now: FocusFixture.at(minutes)))
    }

    private static func encoded(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a running pomodoro focus segment shows Work and the time left, class work")
    func pomodoroWork() throws {
        let engine = try FocusFixture.started(.pomodoro, activity: "Writing")
        let waybar = StatusBarFormat.waybar(try Self.status(engine, minutes: 1.0 / 60))
        #expect(waybar.text == "Work 24:59")
        #expect(waybar.cssClass == "work")
        #expect(waybar.percentage == 0)
        #expect(waybar.tooltip == "Pomodoro · Work · 24:59 left\nActivity: Writing\nCycles 0/4")
    }

    @Test("percentage is the done fraction of a countdown, rounded down")
    func countdownPercentage() throws {
        let engine = try FocusFixture.started(.timer, minutes: 10)
        #expect(StatusBarFormat.waybar(try Self.status(engine, minutes: 2.5)).percentage == 25)
        #expect(StatusBarFormat.waybar(try Self.status(engine, minutes: 9.99)).percentage == 99)
    }

    @Test("a timer shows Timer and the time left, without cycles")
    func timer() throws {
        let engine = try FocusFixture.started(.timer, minutes: 5)
        let waybar = StatusBarFormat.waybar(try Self.status(engine, minutes: 50.0 / 60))
        #expect(waybar.text == "Timer 04:10")
        #expect(waybar.tooltip == "Timer · 04:10 left\nNo activity")
    }

    @Test("a stopwatch counts up and its percentage stays 0")
    func stopwatch() throws {
        let engine = try FocusFixture.started(.stopwatch)
        let waybar = StatusBarFormat.waybar(try Self.status(engine, minutes: 12 + 3.0 / 60))
        #expect(waybar.text == "Stopwatch 12:03")
        #expect(waybar.percentage == 0)
        #expect(waybar.tooltip.hasPrefix("Stopwatch · 12:03 elapsed"))
    }

    @Test("a paused session is marked ⏸ with class paused, its time frozen at the pause")
    func paused() throws {
        var engine = try FocusFixture.started(.pomodoro)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(5))
        let waybar = StatusBarFormat.waybar(try Self.status(engine, minutes: 30))
        #expect(waybar.text == "⏸ Work 20:00")
        #expect(waybar.cssClass == "paused")
        #expect(waybar.percentage == 20)
        #expect(waybar.tooltip.hasPrefix("Pomodoro · Work · 20:00 left · paused"))
    }

    @Test("a pomodoro break shows Break with class break and the cycles done")
    func pomodoroBreak() throws {
        var engine = try FocusFixture.started(.pomodoro)
        FocusFixture.tick(&engine, at: FocusFixture.at(25))
        let waybar = StatusBarFormat.waybar(try Self.status(engine, minutes: 26))
        #expect(waybar.text == "Break 04:00")
        #expect(waybar.cssClass == "break")
        #expect(waybar.tooltip.hasSuffix("Cycles 1/4"))
    }

    @Test("no session hides the module: empty text, class stopped")
    func stopped() throws {
        let waybar = StatusBarFormat.waybar(LiveStatusUpdate.end)
        #expect(waybar == WaybarStatus(text: "", tooltip: "", cssClass: "stopped", percentage: 0))
        let json = try Self.encoded(waybar)
        #expect(Set(json.keys) == ["text", "tooltip", "class", "percentage"])
        #expect(json["class"] as? String == "stopped")
    }

    @Test("a follow line of a publish carries the state and every live status field")
    func followLinePublish() throws {
        var engine = try FocusFixture.started(.pomodoro, activity: "Writing")
        _ = try engine.handle(.userPaused, now: FocusFixture.at(5))
        let json = try Self.encoded(FocusStatusLine(.publish(try Self.status(engine, minutes: 6))))
        #expect(json["state"] as? String == "paused")
        #expect(json["label"] as? String == "Work")
        #expect(json["mode"] as? String == "pomodoro")
        #expect(json["remaining"] as? Double == 1200)
        #expect(json["remainingText"] as? String == "20:00")
        #expect(json["elapsedText"] as? String == "05:00")
        #expect(json["activity"] as? String == "Writing")
        #expect(json["totalCycles"] as? Int == 4)
        #expect(json["endsAt"] == nil)
    }

    @Test("a follow line of an end is only the stopped state")
    func followLineEnd() throws {
        let json = try Self.encoded(FocusStatusLine(.end))
        #expect(json.count == 1)
        #expect(json["state"] as? String == "stopped")
    }
}
