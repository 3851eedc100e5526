import LockOutCore

/// Why the break screen ends.
public enum BreakScreenEnd: Equatable, Sendable {
    /// No break is on screen any more: answered here or anywhere else (a notification, the tray, the web,
    /// the CLI), snoozed, or over.
    case answered
    /// The agent has not answered for `BreakScreenSession.agentPatience` seconds: it stopped or hangs, and a
    /// screen nobody can answer must not stay.
    case agentGone
}

/// The break screen's life, told by the agent's status; times are the screen's monotonic seconds.
///
///     starting ──status with a break──▶ showing ──status without one (or snoozed)──▶ ended(answered)
///        │                                 │  ▲ status with a break: same break re-anchored, another kind re-titled
///        │                                 └──┘
///        └──status without a break──▶ ended(answered)
///     starting, showing ──no answer for agentPatience s──▶ ended(agentGone)
public struct BreakScreenSession: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case starting
        case showing(current: DashboardScreen.CurrentBreak, active: Bool, countdown: BreakCountdown)
        case ended(BreakScreenEnd)
    }

    /// How long the agent may leave the screen without an answer.
    public static let agentPatience = 3.0
    /// How long Escape is held to skip a strict break, in the screen's own seconds: the way out that always exists.
    public static let escapeHoldSeconds = 3.0

    public private(set) var phase: Phase = .starting
    public private(set) var settings: BreakSettings
    /// Whether Snooze and Done wait for the countdown's end, the input held meanwhile where the desktop allows.
    public let strict: Bool
    private let clockScale: Double
    private var lastHeard: Double
    /// When Escape went down on a strict break, while it is held.
    private var escapeSince: Double?

    /// A session started at monotonic time `time`, with the agent's clock running `clockScale` times faster.
    public init(settings: BreakSettings, clockScale: Double, strict: Bool = false, at time: Double) {
        self.settings = settings
        self.clockScale = clockScale
        self.strict = strict
        lastHeard = time
    }

    /// The agent answered with `dashboard` (and, when asked, its `settings`) at `time`.
    public mutating func heard(_ dashboard: DashboardScreen, settings: BreakSettings? = nil, at time: Double) {
        guard !isEnded else { return }
        lastHeard = time
        if let settings { self.settings = settings }
        guard let current = dashboard.currentBreak, dashboard.state == "breakPending" || dashboard.state == "breakActive" else {
            phase = .ended(.answered)
            return
        }
        let active = dashboard.state == "breakActive"
        let told = active ? current.countdown.flatMap(BreakCountdown.seconds(of:)).map(Double.init) : nil
        if case .showing(let shown, let wasActive, let countdown) = phase, shown.kind == current.kind, wasActive == active {
            // The same break: keep the local count unless the agent's differs by more than its own rounding.
            let keep = told.map { abs(countdown.left(at: time) - $0) <= 1 + clockScale / 2 } ?? true
            phase = .showing(current: current, active: active, countdown: keep ? countdown : anchored(told, at: time))
        } else {
            let length = Double(self.settings[current.kind].durationSeconds)
            phase = .showing(current: current, active: active, countdown: anchored(told ?? length, at: time))
        }
    }

    /// Asking the agent failed at `time`.
    public mutating func unheard(at time: Double) {
        guard !isEnded, time - lastHeard >= Self.agentPatience else { return }
        phase = .ended(.agentGone)
    }

    /// What every window shows at `time`; nil before the first status and after the end.
    public func frame(at time: Double) -> BreakScreenFrame? {
        guard case .showing(let current, _, let countdown) = phase else { return nil }
        return BreakScreenFrame(
            current: current, durationSeconds: settings[current.kind].durationSeconds, snoozeMinutes: settings.snoozeMinutes,
            countdown: countdown, strict: strict, at: time
        )
    }

    /// Whether a strict break's countdown still runs at `time`: Snooze and Done wait, and the input is held.
    public func holds(at time: Double) -> Bool {
        guard strict, case .showing(_, _, let countdown) = phase else { return false }
        return countdown.left(at: time) > 0
    }

    /// A key, by its GDK name, went down at `time`: the command it asks for now, nil when it does nothing (yet).
    /// On a strict break Escape starts the hold that skips it (`escapeHeld(at:)`).
    public mutating func keyPressed(_ name: String, at time: Double) -> BreakCommand? {
        guard case .showing(let current, _, _) = phase else { return nil }
        if strict, name == "Escape" {
            if escapeSince == nil { escapeSince = time }
            return nil
        }
        if holds(at: time) { return nil }
        return BreakScreenAction.forKey(name, canSnooze: current.canSnooze)?.command(kind: current.kind)
    }

    /// A key went up: a released Escape starts its hold over.
    public mutating func keyReleased(_ name: String) {
        if name == "Escape" { escapeSince = nil }
    }

    /// The skip a strict break's Escape asks for once held `escapeHoldSeconds`; nil before, and on a break that
    /// is not strict. The agent records it as a skip like any other.
    public func escapeHeld(at time: Double) -> BreakCommand? {
        guard strict, let escapeSince, time - escapeSince >= Self.escapeHoldSeconds, case .showing(let current, _, _) = phase else {
            return nil
        }
        return .skip(current.kind)
    }

    /// The command for a button on the break shown at `time`; nil while a strict break holds them back.
    public func command(for action: BreakScreenAction, at time: Double) -> BreakCommand? {
        guard case .showing(let current, _, _) = phase, !holds(at: time) else { return nil }
        if action == .snooze, !current.canSnooze { return nil }
        return action.command(kind: current.kind)
    }

    public var end: BreakScreenEnd? {
        if case .ended(let end) = phase { end } else { nil }
    }

    private var isEnded: Bool { end != nil }

    private func anchored(_ seconds: Double?, at time: Double) -> BreakCountdown {
        BreakCountdown(secondsLeft: seconds ?? 0, anchor: time, clockScale: clockScale)
    }
}
