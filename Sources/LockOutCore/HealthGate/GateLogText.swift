import Foundation

extension GateLogEntry {
    /// How long the gate log keeps an entry: a year and a day.
    public static let kept: TimeInterval = 366 * 24 * 3600
}

extension GateLogEvent {
    /// A stable name for scripts: `opened`, `closed`, `peekStarted`, `emergencyUnlocked`, …
    public var name: String {
        switch self {
        case .opened: "opened"
        case .closed: "closed"
        case .peekStarted: "peekStarted"
        case .sourceFailed: "sourceFailed"
        case .staleReadingDiscarded: "staleReadingDiscarded"
        case .emergencyUnlockRequested: "emergencyUnlockRequested"
        case .emergencyUnlocked: "emergencyUnlocked"
        case .editHeld: "editHeld"
        case .heldEditApplied: "heldEditApplied"
        case .heldEditDropped: "heldEditDropped"
        case .editApplied: "editApplied"
        case .parentEditApplied: "parentEditApplied"
        case .todayOnlyGoalsExpired: "todayOnlyGoalsExpired"
        }
    }

    /// What happened, for people: `opened: goals met`, `emergency unlock: open until midnight`.
    public var text: String {
        switch self {
        case .opened(let reason): "opened: \(reason.text)"
        case .closed(let unmet) where unmet.isEmpty: "closed"
        case .closed(let unmet): "closed: \(unmet.map(\.rawValue).joined(separator: ", ")) not met"
        case .peekStarted(let seconds): "peek for \(seconds) s"
        case .sourceFailed(let reason): "health source failed: \(reason)"
        case .staleReadingDiscarded(let day): "discarded a reading of \(day) that arrived after midnight"
        case .emergencyUnlockRequested: "emergency unlock requested"
        case .emergencyUnlocked: "emergency unlock: open until midnight"
        case .editHeld: "weaker edit held until the goals are met or its code is typed"
        case .heldEditApplied: "held edit applied"
        case .heldEditDropped: "held edit dropped"
        case .editApplied(.strengthening): "stricter edit applied"
        case .editApplied(.weakening): "weaker edit applied"
        case .editApplied(.neutral): "edit applied (nothing changes today)"
        case .parentEditApplied(.strengthening): "stricter edit applied by a parent"
        case .parentEditApplied(.weakening): "weaker edit applied by a parent"
        case .parentEditApplied(.neutral): "edit applied by a parent (nothing changes today)"
        case .todayOnlyGoalsExpired: "today-only goals expired"
        }
    }
}

extension GateOpenReason {
    /// `goals met`, `emergency unlock`, …
    public var text: String {
        switch self {
        case .goalsMet: "goals met"
        case .noGoalsToday: "no goal applies today"
        case .emergencyUnlock: "emergency unlock"
        case .sourceUnavailable: "health data unavailable for a day"
        case .sourceUnconfirmed: "the health source reported nothing yet"
        case .peek: "peek"
        }
    }
}
