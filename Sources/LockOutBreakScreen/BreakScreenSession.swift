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

    public private(set) var phase: Phase = .starting
    public private(set) var settings: BreakSettings
    private let clockScale: Double
    private var lastHeard: Double

    /// A session started at monotonic time `time`, with the agent's clock running `clockScale` times faster.
    public init(settings: BreakSettings, clockScale: Double, at time: Double) {
        self.settings = settings
        self.clockScale = clockScale
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
            countdown: countdown, at: time
        )
    }

    /// The command for a key, by its GDK name, on the break shown now; nil when it does nothing.
    public func command(forKey name: String) -> BreakCommand? {
        guard case .showing(let current, _, _) = phase else { return nil }
        return BreakScreenAction.forKey(name, canSnooze: current.canSnooze)?.command(kind: current.kind)
    }

    /// The command for a button on the break shown now.
    public func command(for action: BreakScreenAction) -> BreakCommand? {
        guard case .showing(let current, _, _) = phase else { return nil }
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
