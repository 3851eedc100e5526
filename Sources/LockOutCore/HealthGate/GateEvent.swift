import Foundation

/// What a health source answered for one day.
public struct HealthReadout: Codable, Hashable, Sendable {
    /// The day's totals, labelled with the day that was asked for.
    public let totals: HealthTotals
    /// Whether the source is known to work for this person (a local store, or permission granted):
    /// an unconfirmed source that reports nothing at all opens the gate.
    public let confirmed: Bool
    /// Where the totals came from, when the source combines this device's own with a synced device's; nil
    /// from a source that is this device's alone and does not say.
    public let origin: HealthOrigin?

    /// A readout of `totals`, from `origin`.
    public init(totals: HealthTotals, confirmed: Bool, origin: HealthOrigin? = nil) {
        self.totals = totals
        self.confirmed = confirmed
        self.origin = origin
    }

    /// Whether every metric is 0: the source reported nothing.
    public var isEmpty: Bool { HealthMetric.allCases.allSatisfy { totals[$0] <= 0 } }
}

/// Something that happened to the health gate.
public enum GateEvent: Hashable, Sendable {
    /// Time passed: the runtime woke at `nextDeadline` (midnight, the unlock time, a peek's end, ...).
    case tick
    /// The agent started, woke from suspend, or the person asked to refresh: read the source again.
    case evaluationRequested
    /// The source answered.
    case healthDataChanged(HealthReadout)
    /// The source failed to answer.
    case sourceFailed(reason: String)
    /// The person asked for a short peek.
    case peekRequested
    /// The person asked for an emergency unlock; `code` is the one to show after the wait.
    case emergencyUnlockRequested(code: FrictionCode)
    /// The person typed a code.
    case codeEntered(String)
    /// The person gave up on the emergency unlock or the held edit's friction.
    case frictionCancelled
    /// The person edited the settings; `code` is shown if the edit is weakening and must go through friction.
    case settingsEdited(GateSettings, code: FrictionCode)
    /// A parent's configuration command set these settings: it applies at once, weakening or not,
    /// because the parent's word is the friction.
    case settingsImposed(GateSettings)
}

/// What the gate log records.
public enum GateLogEvent: Codable, Hashable, Sendable {
    /// The gate opened.
    case opened(GateOpenReason)
    /// The gate closed.
    case closed(unmet: [GateGoalKind])
    /// A peek of this many seconds started.
    case peekStarted(seconds: Int)
    /// The source failed.
    case sourceFailed(reason: String)
    /// A reading of an earlier day arrived after midnight and was discarded.
    case staleReadingDiscarded(day: LocalDate)
    /// An emergency unlock was asked for.
    case emergencyUnlockRequested
    /// An emergency unlock opened the gate until midnight.
    case emergencyUnlocked
    /// A weakening edit is held.
    case editHeld
    /// A held edit applied, after its friction or with the goals met.
    case heldEditApplied
    /// A held edit was replaced by a later edit.
    case heldEditDropped
    /// An edit applied at once.
    case editApplied(GateEditKind)
    /// A parent's command changed the settings, at once.
    case parentEditApplied(GateEditKind)
    /// Today-only goals of an earlier day were disabled.
    case todayOnlyGoalsExpired
}

/// One line of the gate log.
public struct GateLogEntry: Codable, Hashable, Sendable {
    /// When it happened.
    public let at: Date
    /// What happened.
    public let event: GateLogEvent

    /// An entry for `event` at `at`.
    public init(at: Date, event: GateLogEvent) {
        self.at = at
        self.event = event
    }
}

/// Something the runtime must carry out after a transition, once the record is persisted.
public enum GateEffect: Hashable, Sendable {
    /// Lock (`on`) or allow the blocked apps.
    case setShields(on: Bool, apps: [BlockedApp])
    /// Read the source's totals for `day` and report them as `.healthDataChanged` or `.sourceFailed`.
    case readHealth(day: LocalDate)
    /// Show a notification.
    case notify(NotificationRequest)
    /// Store these settings: an edit or an expiry changed them.
    case saveSettings(GateSettings)
    /// Append to the gate log.
    case log(GateLogEntry)
}
