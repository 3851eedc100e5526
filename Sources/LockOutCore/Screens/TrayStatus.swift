import Foundation

/// What the desktop's tray icon shows: a tooltip with the breaks and the focus session in whole minutes, whether
/// breaks are paused (the menu's Resume), whether a break waits for an answer, and the breaks skipped today.
///
/// Every time is whole minutes, never seconds, so the status changes only when the state changes or a shown
/// minute does (``nextChange``): a tray never wakes the agent more than once a minute.
public struct TrayStatus: Hashable, Sendable {
    /// The tooltip's heading: the name, and the breaks skipped today when there are any.
    public let tooltipTitle: String
    /// The tooltip's text, like `Eye Break in 12 min · Focus: Writing, 18 min left`.
    public let tooltipText: String
    /// Whether breaks are paused, so Resume applies.
    public let isPaused: Bool
    /// Whether a break is due and waits for an answer.
    public let needsAttention: Bool
    /// Breaks skipped today: the icon's badge.
    public let skippedToday: Int
    /// When a shown minute changes with nothing else happening; nil when no countdown shows.
    public let nextChange: Date?

    /// The name the tray shows.
    public static let name = "LockOut"

    /// The status of `dashboard` and the focus session `focus` (nil: none) at `now`.
    public init(dashboard: DashboardScreen, focus: LiveStatus?, now: Date, calendar: Calendar) {
        let snapshot = StatusBarSnapshot(dashboard: dashboard, focus: nil, now: now, calendar: calendar)
        var parts = [StatusBarFormat.tooltip(snapshot)].filter { !$0.isEmpty }
        var changes = [snapshot.nextChange]
        if let focus {
            let (text, change) = Self.focusText(focus, now: now)
            parts.append(text)
            changes.append(change)
        }
        tooltipText = parts.joined(separator: " · ")
        skippedToday = dashboard.skippedToday
        tooltipTitle = switch skippedToday {
        case 0: Self.name
        case 1: "\(Self.name) · 1 break skipped today"
        default: "\(Self.name) · \(skippedToday) breaks skipped today"
        }
        isPaused = snapshot.state == "paused"
        needsAttention = snapshot.currentBreak?.state == "due"
        nextChange = changes.compactMap { $0 }.min()
    }

    /// `Focus: Writing, 18 min left` (or `…, 5 min in` counting up, `…, paused`) and when its minute changes.
    private static func focusText(_ focus: LiveStatus, now: Date) -> (String, Date?) {
        let name = "Focus: \(focus.activity ?? focus.label)"
        guard focus.isRunning else { return ("\(name), paused", nil) }
        if let endsAt = focus.endsAt {
            let minutes = StatusBarSnapshot.minutes(until: endsAt, now: now)
            let change = minutes > 0 ? endsAt.addingTimeInterval(-Double(minutes - 1) * 60) : nil
            return ("\(name), \(minutes) min left", change)
        }
        let minutes = Int(max(focus.elapsed, 0) / 60)
        let change = now.addingTimeInterval(Double(minutes + 1) * 60 - max(focus.elapsed, 0))
        return ("\(name), \(minutes) min in", change)
    }
}
