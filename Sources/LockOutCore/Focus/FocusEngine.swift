import Foundation

/// Focus sessions: a pure state machine over a `FocusRecord`, driven by events and the time passed in.
///
/// ```
///            start                       pause
///   stopped ───────► running ◄────────────────────► paused
///      ▲              │  │ time runs out / skip      resume │
///      │              │  └──► (pomodoro) next segment,     │
///      │              │       running from the end time    │
///      └── stop ──────┴── timer ends ◄──────── stop ───────┘
/// ```
///
/// Time is anchored to the wall clock (`FocusSession`), so the engine rebuilt from its record after a
/// restart has the right remaining time. Every transition returns the effects the runtime must carry
/// out after persisting `record`: at most one end alert is pending at any time, an alarm or a
/// notification as `capability` says, never both.
public struct FocusEngine: Sendable {
    /// Everything to persist.
    public internal(set) var record: FocusRecord
    /// The durations and cycle length.
    public internal(set) var settings: FocusSettings
    /// Whether the platform alerts with an alarm or a notification.
    public let capability: AlertCapability
    /// The calendar that decides which local day a segment counts for.
    public let calendar: Calendar

    /// An engine continuing from `record`, as stored or rebuilt after a restart.
    public init(record: FocusRecord, settings: FocusSettings, capability: AlertCapability, calendar: Calendar) {
        self.record = record
        self.settings = settings
        self.capability = capability
        self.calendar = calendar
    }

    /// Handles one event at `now`, ending first and after it every segment whose time ran out; invalid requests change nothing.
    public mutating func handle(_ event: FocusEvent, now: Date) throws(FocusInputError) -> [FocusEffect] {
        var copy = self
        var effects = copy.advance(to: now)
        effects += try copy.apply(event, now: now)
        effects += copy.advance(to: now)
        effects += copy.statusEffects(since: record.state, now: now)
        self = copy
        return effects
    }

    // MARK: - Events

    mutating func apply(_ event: FocusEvent, now: Date) throws(FocusInputError) -> [FocusEffect] {
        switch event {
        case .tick:
            return []
        case .userStarted(let request):
            return try start(request, now: now)
        case .userPaused:
            switch record.state {
            case .running(let session):
                record.state = .paused(session, pausedAt: now)
                return [FocusAlerts.cancel(for: session)].compactMap { $0 }
            case .paused:
                throw .alreadyPaused
            case .stopped:
                throw .notRunning
            }
        case .userResumed:
            guard case .paused(var session, let pausedAt) = record.state else { throw .notPaused }
            session.ranBefore = session.runningTime(at: pausedAt)
            session.resumedAt = now
            record.state = .running(session)
            return [FocusAlerts.schedule(for: session, capability: capability, now: now)].compactMap { $0 }
        case .userStopped:
            return try stop(now: now)
        case .userSkipped:
            return try skip(now: now)
        }
    }

    mutating func start(_ request: FocusStart, now: Date) throws(FocusInputError) -> [FocusEffect] {
        let session = try newSession(for: request, now: now)
        switch record.state {
        case .running, .paused:
            return []
        case .stopped:
            record.state = .running(session)
            return [FocusAlerts.schedule(for: session, capability: capability, now: now)].compactMap { $0 }
        }
    }

    /// The first segment a start request runs, with its duration checked against the mode's range.
    func newSession(for request: FocusStart, now: Date) throws(FocusInputError) -> FocusSession {
        let mode = request.mode
        let minutes = request.durationMinutes
        if let minutes {
            guard let range = FocusSettings.startRange(of: mode) else { throw .durationNotAllowed(mode: mode) }
            guard range.contains(minutes) else { throw .durationOutOfRange(mode: mode, minutes: minutes, allowed: range) }
        }
        let segment: FocusSegment = mode == .pomodoro ? record.cycle.next : .focus
        return FocusSession(
            mode: mode,
            segment: segment,
            activity: request.activity,
            planned: settings.plannedLength(of: mode, segment: segment, minutes: minutes),
            startedAt: now,
            focusLength: mode == .pomodoro ? minutes.map { TimeInterval($0 * 60) } : nil,
            timeZone: calendar.timeZone
        )
    }

    /// A pomodoro segment's length: the session's own focus length, else the setting.
    func plannedPomodoro(_ segment: FocusSegment, focusLength: TimeInterval?) -> TimeInterval {
        switch segment {
        case .focus: focusLength ?? settings.duration(of: .focus)
        case .shortBreak, .longBreak: settings.duration(of: segment)
        }
    }
}
