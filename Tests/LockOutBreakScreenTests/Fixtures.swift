import Foundation
import LockOutCore

/// Dashboards as the agent's API sends them.
enum Fixtures {
    static func dashboard(state: String, kind: BreakKind = .eye, snoozeCount: Int = 0, countdown: String? = nil) -> DashboardScreen {
        let current: String = if state == "running" || state == "idle" {
            "null"
        } else {
            """
            {"kind": "\(kind.rawValue)", "title": "\(kind.title)", "body": "\(kind.body)", "covers": [], "snoozeCount": \(snoozeCount),
             "canSnooze": \(snoozeCount < BreakSettings.maxSnoozes), "countdown": \(countdown.map { "\"\($0)\"" } ?? "null")}
            """
        }
        let json = """
        {"state": "\(state)", "headline": "", "currentBreak": \(current), "heldForFocus": false,
         "todayCompliancePercent": "—", "skippedToday": 0, "toggles": []}
        """
        // The fixture is written above; a decoding failure is a defect of the test itself.
        return try! JSONDecoder().decode(DashboardScreen.self, from: Data(json.utf8))
    }
}
