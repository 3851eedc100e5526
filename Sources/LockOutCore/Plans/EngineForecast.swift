import Foundation

/// What the breaks and focus engines do by themselves from `now` on when nobody answers: the breaks they
/// present, the breaks that expire unanswered (skipped), and the focus segments that end.
///
/// It drives copies of the engines the way the runtime drives the real ones: at each deadline the break
/// engine ticks, then the focus engine, and the break engine handles the events of the focus transition
/// (``FocusBreakLink``: a hold ends, a pomodoro break counts as a break). So a plan built from it fires
/// exactly what the engines would, and a runtime that wakes later and ticks its engines to that moment
/// reaches the same state the plan assumed.
struct EngineForecast {
    /// A break presented at `at`.
    struct BreakAlert: Hashable {
        /// When it is presented.
        let at: Date
        /// The break, as the engine holds it once presented.
        let due: DueBreak
        /// The notification the engine presents.
        let request: NotificationRequest
    }

    /// The longest run: a week of deadlines is a few thousand steps; this only guards against a spin.
    static let maximumSteps = 100_000

    /// Breaks presented after `now`, soonest first, at most `limit`.
    private(set) var breakAlerts: [BreakAlert] = []
    /// Focus segment ends after `now`, soonest first, at most `limit`.
    private(set) var focusAlerts: [FocusAlert] = []
    /// Sessions recorded as skipped from `now` on (including deadlines the engine had not yet handled at `now`).
    private(set) var skipped: [BreakSession] = []
    /// The breaks cycle's state at `now`, once the deadlines up to then are handled.
    private(set) var stateAtStart: BreakState

    private var breaks: BreakEngine
    private var focus: FocusEngine?

    /// Runs the engines from `now` through `end`, stopping early once `limit` breaks and `limit` focus ends are known.
    init(breaks: BreakEngine, focus: FocusEngine?, now: Date, through end: Date, limit: Int) {
        self.breaks = breaks
        self.focus = focus
        stateAtStart = breaks.record.state
        step(at: now, after: now)
        stateAtStart = self.breaks.record.state
        if let focus = self.focus, case .running(let session) = focus.record.state,
           let effect = FocusAlerts.schedule(for: session, capability: focus.capability, now: now) {
            focusAlerts += Self.alerts([effect])
        }
        var time = now
        for _ in 0..<Self.maximumSteps {
            let focusNext = self.focus?.nextDeadline(now: time)
            let breaksDone = breakAlerts.count >= limit
            let focusDone = focusNext == nil || focusAlerts.count >= limit
            if breaksDone && focusDone { break }
            guard let next = [self.breaks.nextDeadline(now: time), focusNext].compactMap({ $0 }).min(),
                  next > time, next <= end
            else { break }
            time = next
            step(at: time, after: now)
        }
        breakAlerts = Array(breakAlerts.prefix(limit))
        focusAlerts = Array(focusAlerts.prefix(limit))
    }

    /// Ticks both engines at `time` as the runtime does, keeping what happens after `now`.
    private mutating func step(at time: Date, after now: Date) {
        var effects = (try? breaks.handle(.tick, now: time)) ?? []
        if let before = focus {
            var after = before
            let focusEffects = (try? after.handle(.tick, now: time)) ?? []
            let events = FocusBreakLink.breakEvents(
                before: before, after: after, effects: focusEffects, breakSettings: breaks.settings, now: time
            )
            for event in events {
                effects += (try? breaks.handle(event, now: time)) ?? []
            }
            focus = after
            if time > now {
                focusAlerts += Self.alerts(focusEffects).filter { $0.fireAt > now }
            }
        }
        // What is on screen once the moment is over: a break presented and withdrawn at the same moment
        // (answered by a rest that ended then) never shows.
        var shown: NotificationRequest?
        for effect in effects {
            switch effect {
            case .present(let request): shown = request
            case .withdraw: shown = nil
            case .save(let sessions): skipped += sessions.filter { $0.outcome == .skipped }
            }
        }
        if time > now, let shown, case .breakPending(let due) = breaks.record.state {
            breakAlerts.append(BreakAlert(at: time, due: due, request: shown))
        }
    }

    /// The end alerts among focus effects, alarm or notification.
    private static func alerts(_ effects: [FocusEffect]) -> [FocusAlert] {
        effects.compactMap { effect in
            switch effect {
            case .scheduleNotification(let alert), .scheduleAlarm(let alert): alert
            case .cancelAlert, .save, .publishStatus, .endStatus: nil
            }
        }
    }
}
