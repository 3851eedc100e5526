import Foundation
import LockOutCore

/// Terminal text for focus sessions, their settings, activities, the history and tasks.
extension TextRendering {
    static func focus(_ screen: FocusScreen, now: Date, calendar: Calendar) -> String {
        guard let status = screen.status else {
            var lines = ["No focus session."]
            if screen.completedFocus > 0 {
                let next = FocusSessionDetail.name(screen.nextSegment).lowercased()
                lines.append("Pomodoro: \(screen.completedFocus)/\(screen.settings.cycles) focus segments done, next a \(next)")
            }
            lines.append("Start one with: lockout focus start --mode timer|pomodoro|stopwatch|focus")
            return lines.joined(separator: "\n")
        }
        var headline = [status.mode.displayName]
        if status.label != status.mode.displayName { headline.append(status.label) }
        let time: String
        if let remaining = screen.remainingText {
            time = "\(remaining) left"
        } else {
            time = "\(screen.elapsedText ?? "00:00") elapsed"
        }
        if status.isRunning {
            let ends = status.endsAt.map { ", ends \(LocalTimeText.text($0, now: now, calendar: calendar))" } ?? ""
            headline.append(time + ends)
        } else {
            headline.append("paused with \(time)")
        }
        var lines = [headline.joined(separator: " · ")]
        lines.append(status.activity.map { "Activity: \($0)" } ?? FocusSessionDetail.noActivity)
        if let done = status.completedCycles, let total = status.totalCycles {
            lines.append("Cycles: \(done)/\(total) focus segments done")
        }
        let skip = status.mode == .pomodoro ? ", stop or skip" : " or stop"
        lines.append("Answer with: lockout focus " + (status.isRunning ? "pause" + skip : "resume" + skip))
        return lines.joined(separator: "\n")
    }

    static func focusSettings(_ settings: FocusSettings) -> String {
        var rows = FocusSetting.allCases.map { setting -> [String] in
            let unit = setting == .cycles ? "" : " min"
            return [
                "\(title(of: setting)):",
                "\(settings[setting])\(unit)",
                "(\(setting.allowed.lowerBound)...\(setting.allowed.upperBound))",
            ]
        }
        rows.append(["Hold breaks:", settings.holdBreaksDuringFocus ? "on" : "off", "(breaks wait while a focus segment runs)"])
        return table(rows, rightAligned: [1]).joined(separator: "\n")
    }

    static func activities(_ activities: [Activity], filtered: Bool) -> String {
        guard !activities.isEmpty else {
            return filtered ? "No activity matches." : "No activities yet. Add one with: lockout activity add NAME"
        }
        var rows = [["", "NAME", "COLLECTION", "NOTES"]]
        for activity in activities {
            let notes = activity.notes.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            rows.append([activity.isPinned ? "*" : "", activity.name, activity.collection ?? "—", notes])
        }
        return (table(rows) + ["* pinned"]).joined(separator: "\n")
    }

    static func history(_ sessions: [FocusSessionDetail], stats: FocusStats) -> String {
        guard !sessions.isEmpty else { return "No focus sessions." }
        var rows = [["STARTED", "ACTIVITY", "MODE", "SEGMENT", "RAN/PLANNED", "OUTCOME", "ID"]]
        for session in sessions {
            rows.append([
                session.startedAt, session.activity, session.mode, session.segment,
                "\(session.actual)/\(session.planned)", session.outcome, session.id,
            ])
        }
        var lines = table(rows)
        lines.append("")
        let total = stats.total
        let cancelled = total.cancelled > 0 ? " (\(total.cancelled) cancelled)" : ""
        lines.append(
            "Total: \(length(total.focusTime)) focus in \(sessionCount(total.sessions))\(cancelled), average \(length(total.averageLength))"
        )
        if !stats.byActivity.isEmpty {
            lines.append("By activity:")
            lines += table(stats.byActivity.map {
                [$0.activity ?? FocusSessionDetail.noActivity, length($0.totals.focusTime), sessionCount($0.totals.sessions)]
            }, rightAligned: [1]).map { "  " + $0 }
            lines.append("By day:")
            lines += table(stats.byDay.map {
                [$0.day.description, length($0.totals.focusTime), sessionCount($0.totals.sessions)]
            }, rightAligned: [1]).map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// Task rows: id, ✓ when done, ⏰ when a reminder will still fire, due date, title, reminder.
    static func tasks(_ tasks: [TaskRow]) -> String {
        guard !tasks.isEmpty else { return "No tasks. Add one with: lockout task add TITLE [--due DATE] [--remind 1h-before]" }
        var rows = [["ID", "DONE", "⏰", "DUE", "TITLE", "REMINDER"]]
        for task in tasks {
            rows.append([
                task.id.description, task.isDone ? "✓" : "", task.hasReminder ? "⏰" : "", task.due ?? "—", task.title,
                reminderText(task),
            ])
        }
        return table(rows, rightAligned: [0]).joined(separator: "\n")
    }

    // MARK: - Pieces

    private static func reminderText(_ task: TaskRow) -> String {
        guard let reminder = task.reminder else { return "" }
        guard let at = task.remindsAt else { return "\(reminder) (will not fire)" }
        // An exact moment already says when; a preset gets the moment it works out to.
        return ReminderPreset.presetNames.contains(reminder) ? "\(reminder), at \(at)" : reminder
    }

    private static func title(of setting: FocusSetting) -> String {
        switch setting {
        case .focus: "Focus"
        case .shortBreak: "Short break"
        case .longBreak: "Long break"
        case .cycles: "Cycles"
        case .timer: "Timer"
        }
    }

    /// `1h15m`, `25m`, `0s`: the form durations are typed in.
    private static func length(_ seconds: TimeInterval) -> String {
        DurationParser.format(seconds: Int(seconds.rounded()))
    }

    private static func sessionCount(_ count: Int) -> String {
        count == 1 ? "1 session" : "\(count) sessions"
    }

    /// Pads every column to its widest cell (two spaces between), right-aligning the given columns,
    /// and drops trailing spaces. A ⏰ counts two columns wide, as terminals draw it.
    static func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? width($0[column]) : 0 }.max() ?? 0
        }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - width(cell))
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }
            let line = cells.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }

    private static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "⏰" ? 2 : 1) }
    }
}
