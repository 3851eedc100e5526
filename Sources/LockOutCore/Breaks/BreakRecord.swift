import Foundation

/// When each kind's current cycle began; a kind falls due at `start + interval`.
public struct CycleStarts: Codable, Hashable, Sendable {
    public var eye: Date
    public var micro: Date
    public var long: Date

    public init(eye: Date, micro: Date, long: Date) {
        self.eye = eye
        self.micro = micro
        self.long = long
    }

    /// Every kind's cycle starting at `date`.
    public init(all date: Date) {
        self.init(eye: date, micro: date, long: date)
    }

    public subscript(kind: BreakKind) -> Date {
        get {
            switch kind {
            case .eye: eye
            case .micro: micro
            case .long: long
            }
        }
        set {
            switch kind {
            case .eye: eye = newValue
            case .micro: micro = newValue
            case .long: long = newValue
            }
        }
    }
}

/// A break that fell due and was presented, with the shorter kinds it counts for.
public struct DueBreak: Codable, Hashable, Sendable {
    /// The kind presented: the longest of those that fell due together.
    public let kind: BreakKind
    /// Every kind this break counts for, the presented one included.
    public let covers: [BreakKind]
    /// When it fell due.
    public let dueAt: Date
    /// When it counts as skipped if nobody answers: when the kind's next cycle would start.
    public let expiresAt: Date
    /// How many times it has been snoozed.
    public var snoozeCount: Int

    public init(kind: BreakKind, covers: [BreakKind], dueAt: Date, expiresAt: Date, snoozeCount: Int = 0) {
        self.kind = kind
        self.covers = covers
        self.dueAt = dueAt
        self.expiresAt = expiresAt
        self.snoozeCount = snoozeCount
    }
}

/// Where the breaks cycle stands.
///
/// ```
///            start / schedule window opens
///   idle ─────────────────────────────────────► running ◄─────────────────────────┐
///    ▲                                            │ a kind falls due              │
///    │ stop / window ends                         ▼                               │
///    └──────────────────────────────────── breakPending ── skip / expires ───────►│
///                                          │  ▲       │ start (take a break)      │
///                                   snooze │  │ until ▼                           │
///                                        snoozed    breakActive ── done / ends ──►┘
///   any ── pause ──► paused ── resume / pause ends ──► running
/// ```
///
/// Across every state a focus segment may hold breaks (`BreakRecord.heldSince`): while held, running
/// has no kind deadline and no kind joins a waiting break; when the hold ends, the kinds that fell due
/// meanwhile fall due together at its end as one break.
///
/// Across every state the person may be away (`BreakRecord.awaySince`): nothing falls due, comes back
/// from a snooze or expires until they return; then the absence counts as the breaks it was long
/// enough for (see `BreakEngine.comeBack(at:now:)`).
public enum BreakState: Codable, Hashable, Sendable {
    /// Nothing runs: stopped by hand, outside working hours, or reset.
    case idle
    /// Cycles run toward their deadlines.
    case running
    /// A break is due and presented; waiting for the person.
    case breakPending(DueBreak)
    /// A presented break was snoozed and comes back at `until`.
    case snoozed(DueBreak, until: Date)
    /// The person is taking the break until `endsAt`.
    case breakActive(DueBreak, startedAt: Date, endsAt: Date)
    /// Paused until `until`, or until resumed when nil.
    case paused(until: Date?)
}

extension BreakState {
    /// The state's name as the API and the CLI spell it.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .running: "running"
        case .breakPending: "breakPending"
        case .snoozed: "snoozed"
        case .breakActive: "breakActive"
        case .paused: "paused"
        }
    }
}

/// Everything the breaks engine must remember across a restart.
public struct BreakRecord: Codable, Hashable, Sendable {
    public var state: BreakState
    public var cycles: CycleStarts
    /// Set when the working-hours schedule started this run: it stops at the window's end.
    public var scheduledUntil: Date?
    /// A manual stop inside a working-hours window holds until the window's end.
    public var stoppedUntil: Date?
    /// Since when a focus segment holds breaks, nil when none does; a record stored without it reads as nil.
    public var heldSince: Date?
    /// Since when the person has been away (idle, locked, suspended), nil while present; a record stored
    /// without it reads as nil.
    public var awaySince: Date?
    /// Breaks held back by a full-screen window, a call or do-not-disturb, nil when nothing holds them;
    /// a record stored without it reads as nil.
    public var deferral: Deferral?

    /// A record with every field given; not held for focus unless `heldSince` says since when.
    public init(
        state: BreakState,
        cycles: CycleStarts,
        scheduledUntil: Date? = nil,
        stoppedUntil: Date? = nil,
        heldSince: Date? = nil,
        awaySince: Date? = nil,
        deferral: Deferral? = nil
    ) {
        self.state = state
        self.cycles = cycles
        self.scheduledUntil = scheduledUntil
        self.stoppedUntil = stoppedUntil
        self.heldSince = heldSince
        self.awaySince = awaySince
        self.deferral = deferral
    }

    /// A record with nothing running.
    public static func idle(at now: Date) -> BreakRecord {
        BreakRecord(state: .idle, cycles: CycleStarts(all: now))
    }
}
