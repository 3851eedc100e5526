import Foundation
import LockOutCore

/// Renders Core's screen models as terminal text.
enum TextRendering {
    static func dashboard(_ screen: DashboardScreen) -> String {
        var lines = [screen.headline]
        if let current = screen.currentBreak {
            lines.append(current.body)
            if screen.state == "breakPending" {
                let answers = current.canSnooze ? "done, snooze, skip or now" : "done, skip or now"
                lines.append("Answer with: lockout break \(answers)")
            }
        }
        var today = "Today: \(screen.todayCompliancePercent) compliance"
        if screen.skippedToday > 0 { today += ", \(screen.skippedToday) skipped" }
        lines.append(today)
        let toggles = screen.toggles.map { "\($0.kind.rawValue) \($0.enabled ? "on" : "off")" }
        lines.append("Breaks: " + toggles.joined(separator: " · "))
        return lines.joined(separator: "\n")
    }

    static func schedule(_ screen: ScheduleScreen) -> String {
        var lines = ["KIND   ENABLED  EVERY    FOR"]
        for section in screen.sections {
            let kind = section.kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            let enabled = (section.enabled ? "yes" : "no").padding(toLength: 9, withPad: " ", startingAt: 0)
            let every = DurationParser.format(seconds: section.interval.value * 60).padding(toLength: 9, withPad: " ", startingAt: 0)
            lines.append(kind + enabled + every + DurationParser.format(seconds: section.duration.value))
        }
        if screen.workingHours.isEmpty {
            lines.append("Working hours: any time")
        } else {
            lines.append("Working hours:")
            for row in screen.workingHours { lines.append("  \(row.name) \(row.hours)") }
        }
        return lines.joined(separator: "\n")
    }

    static func settings(_ screen: SettingsScreen) -> String {
        [
            "Snooze: \(screen.snooze.value) min (\(screen.snooze.minimum)...\(screen.snooze.maximum))",
            "History kept: \(screen.retention.value) days (\(screen.retention.minimum)...\(screen.retention.maximum))",
        ].joined(separator: "\n")
    }

    static func statistics(_ screen: StatisticsScreen) -> String {
        var lines: [String] = []
        for bar in screen.bars {
            let chart = String(repeating: "█", count: bar.completedLength) + String(repeating: "░", count: bar.skippedLength)
            lines.append("\(bar.date)  \(chart) \(bar.completed) done, \(bar.skipped) skipped")
        }
        lines.append("")
        lines.append(screen.summary.map { "\($0.title): \($0.value)" }.joined(separator: "   "))
        lines.append("█ completed  ░ skipped")
        return lines.joined(separator: "\n")
    }
}
