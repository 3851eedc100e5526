import Foundation

/// What `lockout status --follow` shows: where the breaks cycle stands, to the minute, and the focus session.
///
/// Break times are whole minutes left (rounded up), never seconds, so while only a break countdown shows
/// the snapshot changes when the state changes and when the shown minute changes (``nextChange``); the
/// focus part changes as the live status feed publishes it.
public struct StatusBarSnapshot: Codable, Hashable, Sendable {
    /// The break that comes next.
    public struct NextBreak: Codable, Hashable, Sendable {
        public let kind: BreakKind
        public let title: String
        public let dueAt: Date
        /// Whole minutes until it falls due, rounded up: 12 from 11:01 to 12:00 left.
        public let minutesLeft: Int
    }

    /// The break due, snoozed or in progress.
    public struct CurrentBreak: Codable, Hashable, Sendable {
        public let kind: BreakKind
        public let title: String
        /// `due`, `snoozed` or `active`.
        public let state: String
        /// When a snoozed break comes back or an active one ends.
        public let until: Date?
        /// Whole minutes until then, rounded up.
        public let minutesLeft: Int?
    }

    /// `running`, `held` (breaks wait for the focus segment), `due`, `snoozed`, `active`, `paused` or `stopped`.
    public let state: String
    public let nextBreak: NextBreak?
    public let currentBreak: CurrentBreak?
    public let pausedUntil: Date?
    /// `pausedUntil` as local `HH:MM`, with the date when it is not today.
    public let pausedUntilText: String?
    /// Why no break comes while stopped or running without one ahead, like "Breaks are stopped until 17:00".
    public let note: String?
    /// Breaks skipped today.
    public let skippedToday: Int
    /// The focus session's live status; absent when no session runs.
    public let focus: FocusStatusLine?

    /// The snapshot of `dashboard` and the focus status last published (nil: no session) at `now`.
    public init(dashboard: DashboardScreen, focus: LiveStatus?, now: Date, calendar: Calendar) {
        nextBreak = dashboard.nextBreak.map {
            NextBreak(kind: $0.kind, title: $0.title, dueAt: $0.dueAt, minutesLeft: Self.minutes(until: $0.dueAt, now: now))
        }
        currentBreak = dashboard.currentBreak.map { current in
            let state = switch dashboard.state {
            case "snoozed": "snoozed"
            case "breakActive": "active"
            default: "due"
            }
            return CurrentBreak(
                kind: current.kind,
                title: current.title,
                state: state,
                until: current.until,
                minutesLeft: current.until.map { Self.minutes(until: $0, now: now) }
            )
        }
        pausedUntil = dashboard.pausedUntil
        pausedUntilText = dashboard.pausedUntil.map { LocalTimeText.text($0, now: now, calendar: calendar) }
        skippedToday = dashboard.skippedToday
        self.focus = focus.map { FocusStatusLine($0) }
        switch dashboard.state {
        case "idle":
            state = "stopped"
            note = dashboard.headline
        case "paused":
            state = "paused"
            note = nil
        case "running":
            if dashboard.heldForFocus {
                state = "held"
                note = nil
            } else if let waiting = dashboard.waiting {
                // Deferred (a call, a full-screen window, do-not-disturb) or away: why, and until when at most.
                state = "waiting"
                note = waiting
            } else {
                state = "running"
                // The dashboard's headline counts seconds here; the bar says it without a clock.
                note = nextBreak != nil ? nil : Self.noBreakAhead
            }
        default:
            state = currentBreak?.state ?? "due"
            note = nil
        }
    }

    /// What a running cycle with no break ahead says (no kind enabled, or working hours end first).
    static let noBreakAhead = "No break is coming"

    /// When the shown minutes change with nothing else happening: the next whole minute of the countdown shown,
    /// always after the moment of the snapshot; nil when no countdown shows or it reached 0 (the engine's own
    /// deadline moves the state on then).
    public var nextChange: Date? {
        if let next = nextBreak, next.minutesLeft > 0 {
            return next.dueAt.addingTimeInterval(-Double(next.minutesLeft - 1) * 60)
        }
        if let current = currentBreak, let until = current.until, let minutes = current.minutesLeft, minutes > 0 {
            return until.addingTimeInterval(-Double(minutes - 1) * 60)
        }
        return nil
    }

    /// Whole minutes from `now` to `date`, rounded up; 0 once it is past.
    static func minutes(until date: Date, now: Date) -> Int {
        let seconds = min(max(date.timeIntervalSince(now), 0), 1e9)
        return Int((seconds / 60).rounded(.up))
    }
}

/// The waybar custom module of `lockout status --follow --format waybar`: `{"text","tooltip","class","alt"}`.
public struct WaybarBarStatus: Codable, Hashable, Sendable {
    /// What the bar shows, like `👁 12 min · 🎯 Work 18:20`; empty when no agent answers, so the bar hides it.
    public let text: String
    /// The same in words, like `Eye Break in 12 min · Focus: Writing 18:20 left`.
    public let tooltip: String
    /// `due`, `focus`, `running`, `paused` or `stopped`, for the bar's CSS.
    public let cssClass: String
    /// The kind of the break shown (`eye`, `micro`, `long`), else the class: a key for `format-icons`.
    public let alt: String

    enum CodingKeys: String, CodingKey {
        case text, tooltip, alt
        case cssClass = "class"
    }
}

extension StatusBarFormat {
    /// The names `lockout status --format` accepts.
    public static let barFormatNames = ["json", "waybar", "i3blocks"]

    /// What the bar shows when no agent answers.
    static let noAgent = "LockOut is not running"

    /// The waybar module of `snapshot`; nil (no agent) hides the module.
    public static func waybar(_ snapshot: StatusBarSnapshot?) -> WaybarBarStatus {
        guard let snapshot else {
            return WaybarBarStatus(text: "", tooltip: noAgent, cssClass: "stopped", alt: "stopped")
        }
        let cssClass = cssClass(snapshot)
        let kind = snapshot.currentBreak?.kind ?? snapshot.nextBreak?.kind
        return WaybarBarStatus(
            text: text(snapshot),
            tooltip: tooltip(snapshot),
            cssClass: cssClass,
            alt: kind?.rawValue ?? cssClass
        )
    }

    /// The i3blocks line of `snapshot`: the waybar text on one line (a persistent block reads a line per update).
    public static func i3blocks(_ snapshot: StatusBarSnapshot?) -> String {
        oneLine(waybar(snapshot).text)
    }

    /// A break shown wins (`due`), then a focus session (`focus`), then `paused`, `stopped` or `running`.
    static func cssClass(_ snapshot: StatusBarSnapshot) -> String {
        if snapshot.currentBreak != nil { return "due" }
        if snapshot.focus != nil { return "focus" }
        switch snapshot.state {
        case "paused", "stopped": return snapshot.state
        default: return "running"
        }
    }

    /// `👁 12 min`, `👁 due`, `⏸ until 14:30`, `⏹`, then `🎯 Work 18:20` while a focus session runs.
    static func text(_ snapshot: StatusBarSnapshot) -> String {
        var parts: [String] = []
        if let current = snapshot.currentBreak {
            let icon = icon(current.kind)
            switch current.state {
            case "snoozed": parts.append("\(icon) snoozed \(current.minutesLeft ?? 0) min")
            case "active": parts.append("\(icon) break \(current.minutesLeft ?? 0) min")
            default: parts.append("\(icon) due")
            }
        } else if let next = snapshot.nextBreak {
            parts.append("\(icon(next.kind)) \(next.minutesLeft) min")
        } else if snapshot.state == "paused" {
            parts.append(snapshot.pausedUntilText.map { "⏸ until \($0)" } ?? "⏸")
        } else if snapshot.state == "stopped" {
            parts.append("⏹")
        } else if snapshot.state == "waiting" {
            parts.append("⏳")
        }
        if let focus = snapshot.focus, let label = focus.label {
            let time = focus.remainingText ?? focus.elapsedText ?? ""
            parts.append(focus.isRunning == false ? "🎯 ⏸ \(label) \(time)" : "🎯 \(label) \(time)")
        }
        return oneLine(parts.joined(separator: " · "))
    }

    /// `Eye Break in 12 min · Focus: Writing 18:20 left`, then the breaks skipped today.
    static func tooltip(_ snapshot: StatusBarSnapshot) -> String {
        var parts: [String] = []
        if let current = snapshot.currentBreak {
            switch current.state {
            case "snoozed": parts.append("\(current.title) snoozed, back in \(current.minutesLeft ?? 0) min")
            case "active": parts.append("\(current.title) in progress, \(current.minutesLeft ?? 0) min left")
            default: parts.append("\(current.title) is due")
            }
        } else if let next = snapshot.nextBreak {
            parts.append("\(next.title) in \(next.minutesLeft) min")
        } else if snapshot.state == "paused" {
            parts.append(snapshot.pausedUntilText.map { "Breaks paused until \($0)" } ?? "Breaks paused")
        } else if snapshot.state == "held" {
            parts.append(DashboardScreen.heldHeadline)
        } else if let note = snapshot.note {
            parts.append(note)
        }
        if let focus = snapshot.focus, let label = focus.label {
            let time = focus.remainingText.map { "\($0) left" } ?? "\(focus.elapsedText ?? "") elapsed"
            let paused = focus.isRunning == false ? ", paused" : ""
            parts.append("Focus: \(focus.activity ?? label) \(time)\(paused)")
        }
        if snapshot.skippedToday > 0 {
            parts.append("Skipped today: \(snapshot.skippedToday)")
        }
        return oneLine(parts.joined(separator: " · "))
    }

    /// The bar's mark of a break kind.
    static func icon(_ kind: BreakKind) -> String {
        switch kind {
        case .eye: "👁"
        case .micro: "🤸"
        case .long: "🚶"
        }
    }

    /// `text` with every line break, tab and other control character made a space, so it stays one line.
    static func oneLine(_ text: String) -> String {
        let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        return String(String.UnicodeScalarView(text.unicodeScalars.map { breaking.contains($0.properties.generalCategory) ? " " : $0 }))
    }
}
