import Foundation

/// A failed read of the health source, kept so a manual refresh can report it.
public struct GateSourceFailure: Codable, Hashable, Sendable {
    /// When the read failed.
    public let at: Date
    /// What the source said.
    public let reason: String

    /// A failure at `at` for `reason`.
    public init(at: Date, reason: String) {
        self.at = at
        self.reason = reason
    }
}

/// What the friction unlocks once its code is typed.
public enum FrictionPurpose: Codable, Hashable, Sendable {
    /// Unlock the gate until the next midnight.
    case emergencyUnlock
    /// Apply the held weakening edit.
    case edit
}

/// A request behind friction: a wait, then a code shown, then the code typed.
public struct GateFriction: Codable, Hashable, Sendable {
    /// How long a person waits before the code is shown.
    public static let wait: TimeInterval = 15

    /// What typing the code does.
    public let purpose: FrictionPurpose
    /// The code to type, shown only from `codeShownAt`.
    public let code: FrictionCode
    /// When the request was made.
    public let requestedAt: Date

    /// A friction for `purpose` requested at `requestedAt`.
    public init(purpose: FrictionPurpose, code: FrictionCode, requestedAt: Date) {
        self.purpose = purpose
        self.code = code
        self.requestedAt = requestedAt
    }

    /// When the wait is over and the code is shown.
    public var codeShownAt: Date { requestedAt.addingTimeInterval(Self.wait) }
}

/// Why the gate is open.
public enum GateOpenReason: String, Codable, Hashable, Sendable {
    /// Every goal that applies today is met.
    case goalsMet
    /// No goal applies today.
    case noGoalsToday
    /// An emergency unlock holds until midnight.
    case emergencyUnlock
    /// The health source failed for a whole day: LockOut never locks a person out over a broken source.
    case sourceUnavailable
    /// The source has never been confirmed and reports nothing at all.
    case sourceUnconfirmed
    /// A peek runs.
    case peek
}

/// Whether the gate keeps blocked apps locked, and why.
public enum GateStatus: Codable, Hashable, Sendable {
    /// Blocked apps are locked; `unmet` keep it closed.
    case closed(unmet: [GateGoalKind])
    /// Blocked apps are allowed.
    case open(GateOpenReason)

    /// Whether blocked apps are locked.
    public var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}

/// Everything the health gate persists between runs; rebuilt into a `HealthGate` with the settings.
public struct GateRecord: Codable, Hashable, Sendable {
    /// The local day the record is about; a different day at `now` means midnight passed.
    public var day: LocalDate
    /// The latest totals read for `day`, nil before the first read of the day.
    public var totals: HealthTotals?
    /// Where `totals` came from (this device, a synced device), as the source said; nil when it did not say.
    public var origin: HealthOrigin?
    /// Whether the source ever proved it works: it said so, or it reported data.
    public var sourceConfirmed: Bool
    /// The latest failed read, kept after later successes for the record.
    public var lastFailure: GateSourceFailure?
    /// When the source started failing without a success since; nil while it works.
    public var failingSince: Date?
    /// When the engine last asked for a read; the 15-minute backstop counts from it.
    public var lastReadRequestedAt: Date?
    /// Peeks taken on `day`.
    public var peeksToday: Int
    /// When the running peek ends.
    public var peekEndsAt: Date?
    /// The emergency unlock or held edit waiting for its code.
    public var friction: GateFriction?
    /// When an emergency unlock opened the gate on `day`.
    public var emergencyUnlockedAt: Date?
    /// A weakening edit waiting for the goals to be met or its friction to pass.
    public var pendingSettings: GateSettings?
    /// The status the shields were last set for.
    public var status: GateStatus

    /// The record of a gate first run on `day`: closed until it is evaluated, source unconfirmed.
    public static func initial(day: LocalDate) -> GateRecord {
        GateRecord(
            day: day, totals: nil, origin: nil, sourceConfirmed: false, lastFailure: nil, failingSince: nil,
            lastReadRequestedAt: nil, peeksToday: 0, peekEndsAt: nil, friction: nil,
            emergencyUnlockedAt: nil, pendingSettings: nil, status: .closed(unmet: [])
        )
    }
}
