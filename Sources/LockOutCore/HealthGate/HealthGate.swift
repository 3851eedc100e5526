import Foundation

/// The health gate: a pure state machine over a `GateRecord` and `GateSettings`, driven by events and the time passed in.
///
/// ```
///                    today's goals all met (or none applies today)
///        ┌──────────────────────────────────────────────────────────────┐
///        │                                                              ▼
///   ┌────────┐  peek (180 s, 120 s, then 60 s)  ┌──────┐         ┌─────────────┐
///   │ closed │ ───────────────────────────────► │ peek │         │ open: goals │
///   │        │ ◄─────────────────────────────── │      │         │ met         │
///   └────────┘   peek ends (even if a read      └──────┘         └─────────────┘
///     │  ▲  ▲    failed: fail closed)                                   │
///     │  │  └──────────────────── local midnight: yesterday's totals ───┘
///     │  │                        stop counting, peeks and unlocks reset
///     │  │ midnight / source works again
///     │  │                                          ┌──────────────────────────┐
///     ├──┼── emergency unlock: wait 15 s, ────────► │ open: emergency unlock   │
///     │  │   type the 4-digit code                  │ until midnight           │
///     │  │                                          └──────────────────────────┘
///     │  │                                          ┌──────────────────────────┐
///     └──┴── source failing for 24 h, or ─────────► │ open: source unavailable │
///            unconfirmed and reporting nothing      │ or unconfirmed           │
///                                                   └──────────────────────────┘
/// ```
///
/// A failing read leaves the gate as it was and records the failure. A reading labelled with a day
/// other than today (the read started before a midnight that has since passed) is discarded and read
/// again. A weakening settings edit while goals are unmet is held until its friction passes or the
/// goals are met. Every transition returns the effects the runtime carries out after persisting `record`.
public struct HealthGate: Sendable {
    /// How often the source is read while today's goals are unmet, as a backstop to change notices.
    public static let backstop: TimeInterval = 15 * 60
    /// How long the source may fail before the gate opens.
    public static let sourceGrace: TimeInterval = 24 * 3600

    /// Everything to persist.
    public internal(set) var record: GateRecord
    /// The goals and blocked apps in force.
    public internal(set) var settings: GateSettings
    /// The calendar that decides the local day, midnight and the wall clock.
    public let calendar: Calendar

    /// A gate continuing from `record`, as stored or rebuilt after a restart.
    public init(record: GateRecord, settings: GateSettings, calendar: Calendar) {
        self.record = record
        self.settings = settings
        self.calendar = calendar
    }

    /// A gate run for the first time at `now`: closed until its first evaluation.
    public static func starting(at now: Date, settings: GateSettings, calendar: Calendar) -> HealthGate {
        HealthGate(record: .initial(day: LocalDate(now, in: calendar)), settings: settings, calendar: calendar)
    }

    /// The length of the `number`-th peek of a day (1-based): 180 s, then 120 s, then 60 s each.
    public static func peekLength(number: Int) -> TimeInterval {
        switch number {
        case ...1: 180
        case 2: 120
        default: 60
        }
    }

    /// Handles one event at `now`, after catching up with midnight, a peek's end and the backstop;
    /// an invalid request throws and changes nothing.
    public mutating func handle(_ event: GateEvent, now: Date) throws(GateInputError) -> [GateEffect] {
        try transition(now: now, forceShields: event == .evaluationRequested) { gate throws(GateInputError) in
            try gate.apply(event, now: now)
        }
    }

    /// Catches up with `now` before `step` reads or edits anything, so a command never sees yesterday's
    /// settings (a today-only goal of an earlier day is expired first); then settles the shields.
    mutating func transition(
        now: Date,
        forceShields: Bool,
        _ step: (inout HealthGate) throws(GateInputError) -> [GateEffect]
    ) throws(GateInputError) -> [GateEffect] {
        var copy = self
        let appsBefore = settings.blockedApps
        var effects = copy.advance(to: now)
        effects += try step(&copy)
        effects += copy.settle(now: now, appsBefore: appsBefore, forceShields: forceShields)
        self = copy
        return Self.withoutRepeatedReads(effects)
    }

    // MARK: - Events

    mutating func apply(_ event: GateEvent, now: Date) throws(GateInputError) -> [GateEffect] {
        switch event {
        case .tick:
            return []
        case .evaluationRequested:
            return [requestRead(now: now)]
        case .healthDataChanged(let readout):
            return received(readout, now: now)
        case .sourceFailed(let reason):
            record.lastFailure = GateSourceFailure(at: now, reason: reason)
            record.failingSince = record.failingSince ?? now
            return [log(.sourceFailed(reason: reason), now)]
        case .peekRequested:
            return try peek(now: now)
        case .emergencyUnlockRequested(let code):
            return try requestEmergencyUnlock(code: code, now: now)
        case .codeEntered(let typed):
            return try enterCode(typed, now: now)
        case .frictionCancelled:
            return try cancelFriction(now: now)
        case .settingsEdited(let edited, let code):
            return try edit(edited, code: code, now: now)
        case .settingsImposed(let imposed):
            return try impose(imposed, now: now)
        }
    }

    /// Stores today's totals; a readout of another day is discarded and today is read again.
    mutating func received(_ readout: HealthReadout, now: Date) -> [GateEffect] {
        guard readout.totals.day == record.day else {
            return [log(.staleReadingDiscarded(day: readout.totals.day), now), requestRead(now: now)]
        }
        record.totals = readout.totals
        record.origin = readout.origin
        record.failingSince = nil
        if readout.confirmed || !readout.isEmpty { record.sourceConfirmed = true }
        return []
    }

    /// Asks the runtime to read today's totals, restarting the backstop.
    mutating func requestRead(now: Date) -> GateEffect {
        record.lastReadRequestedAt = now
        return .readHealth(day: record.day)
    }

    func log(_ event: GateLogEvent, _ now: Date) -> GateEffect {
        .log(GateLogEntry(at: now, event: event))
    }

    /// Keeps the first request to read a day; one read answers them all.
    static func withoutRepeatedReads(_ effects: [GateEffect]) -> [GateEffect] {
        var seen: Set<LocalDate> = []
        return effects.filter { effect in
            guard case .readHealth(let day) = effect else { return true }
            return seen.insert(day).inserted
        }
    }
}
