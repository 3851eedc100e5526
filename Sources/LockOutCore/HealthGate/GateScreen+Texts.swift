import Foundation

/// The gate screen's words: its title and headline, each goal's badge, the peek, the emergency unlock, the
/// code asked for, and the held weakening edit with what it changes. The web page and the apps show the same.
extension GateScreen {
    /// `Locked` or `Open`.
    public var title: String { status.isClosed ? "Locked" : "Open" }

    /// Why the gate is open or what keeps it closed, in a sentence.
    public var headline: String {
        switch status {
        case .closed:
            let unmet = goals.filter { closingGoals.contains($0.kind) }.map(\.text)
            return unmet.isEmpty ? "Blocked programs stay closed until today's health data is read."
                : "Blocked programs stay closed until: " + unmet.joined(separator: "; ") + "."
        case .open(let reason):
            switch reason {
            case .goalsMet: return "Today's goals are met: blocked programs are allowed."
            case .noGoalsToday: return "No goal applies today: blocked programs are allowed."
            case .emergencyUnlock: return "Unlocked by an emergency unlock until midnight."
            case .sourceUnavailable: return "Health data has been unavailable for a day, so nothing is locked."
            case .sourceUnconfirmed: return "The health source has reported nothing yet, so nothing is locked."
            case .peek:
                if case .running(let left) = peek { return "Peeking: \(DurationParser.countdown(TimeInterval(left))) left." }
                return "Peeking."
            }
        }
    }

    /// Why health data could not be read, while the source is failing; nil while it works.
    public var sourceFailureText: String? {
        sourceFailure.map { "Health data could not be read: \($0.reason)" }
    }

    /// What a peek would do, or how long the running one lasts; each peek of a day is shorter (3, 2, then 1 min).
    public var peekText: String {
        switch peek {
        case .available(let seconds):
            "A peek opens blocked programs for \(DurationParser.format(seconds: seconds)); each peek today is shorter than the one before."
        case .running(let left):
            "Peeking: \(DurationParser.format(seconds: left)) left."
        case .notNeeded:
            "Nothing to unlock: the gate is open."
        }
    }

    /// Whether the emergency unlock can be asked for now: not yet asked for today, and the gate closed or open
    /// only for a peek or a missing source (the engine refuses it while goals are met or none applies).
    public var offersEmergencyUnlock: Bool {
        guard emergency == .none else { return false }
        switch status {
        case .closed, .open(.peek), .open(.sourceUnavailable), .open(.sourceUnconfirmed): return true
        case .open(.goalsMet), .open(.noGoalsToday), .open(.emergencyUnlock): return false
        }
    }

    /// What the emergency unlock does or did; nil while its code is asked for (``CodeRequest/prompt`` says it)
    /// or when it is not offered.
    public var emergencyText: String? {
        switch emergency {
        case .none:
            offersEmergencyUnlock ? "An emergency unlock opens everything until midnight, after a wait and a code to type." : nil
        case .unlocked:
            "Emergency unlock: everything is open until midnight."
        case .waiting, .codeShown:
            nil
        }
    }

    /// When the held weakening edit applies: once today's goals are met, or when its code is typed; nil when
    /// no edit is held.
    public var heldEditText: String? {
        guard hasHeldEdit else { return nil }
        let base = "A change that makes the gate weaker waits until today's goals are met"
        if let code = editCode { return base + ", or for its code: type \(code.digits) to apply it now." }
        if let seconds = editCodeSecondsLeft {
            return base + ", or for its code, shown in \(DurationParser.countdown(TimeInterval(seconds)))."
        }
        return base + "."
    }

    /// What the person is told when the command that led here dropped an edit held before it; nil otherwise.
    public var droppedHeldEditText: String? { droppedHeldEdit ? Self.droppedHeldEditNotice : nil }

    /// The words of ``droppedHeldEditText``.
    public static let droppedHeldEditNotice =
        "The change held earlier is dropped: this one replaces it (only the newest change waits or applies)."

    /// What the held edit changes, a line per change: `Steps: 10,000 steps → 5,000 steps`,
    /// `Exercise: 30 min → off`, `Steam: blocked → allowed`; empty when no edit is held.
    public var heldChanges: [String] {
        guard let held = heldSettings else { return [] }
        var lines: [String] = []
        for kind in GateGoalKind.allCases {
            let before = settings[kind]
            let after = held[kind]
            if before.isEnabled != after.isEnabled {
                lines.append("\(kind.name): \(Self.goalText(kind, before)) → \(Self.goalText(kind, after))")
                continue
            }
            if before.target != after.target {
                lines.append("\(kind.name): \(kind.targetText(before.target)) → \(kind.targetText(after.target))")
            }
            if before.schedule.named != after.schedule.named {
                lines.append("\(kind.name): \(before.schedule.readableText) → \(after.schedule.readableText)")
            }
        }
        let kept = Set(held.blockedApps.map(\.executable))
        for app in settings.blockedApps where !kept.contains(app.executable) {
            lines.append("\(app.displayName): blocked → allowed")
        }
        let blocked = Set(settings.blockedApps.map(\.executable))
        for app in held.blockedApps where !blocked.contains(app.executable) {
            lines.append("\(app.displayName): allowed → blocked")
        }
        return lines
    }

    private static func goalText(_ kind: GateGoalKind, _ goal: GateGoal) -> String {
        goal.isEnabled ? "\(kind.targetText(goal.target)), \(goal.schedule.readableText)" : "off"
    }
}

extension GateScreen.GoalRow {
    /// `Goal met` on a goal that is met; nil otherwise.
    public var badge: String? { isMet ? "Goal met" : nil }

    /// How far along as a whole percent, rounded down and at most `100%`.
    public var percentText: String { "\(Int((min(1, max(0, fraction)) * 100).rounded(.down)))%" }
}

extension GateScreen.CodeRequest {
    /// What the person is told: how long until the code shows, or the code to type.
    public var prompt: String {
        let purpose = purpose == .emergencyUnlock ? "the emergency unlock" : "the held change"
        if let code { return "To confirm \(purpose), type this code: \(code.digits)" }
        return "The code for \(purpose) is shown in \(DurationParser.countdown(TimeInterval(secondsLeft ?? 0)))."
    }
}

extension GateGoalKind {
    /// The goal's name: `Steps`, `Active energy`, `Exercise`, `Unlock time`.
    public var name: String {
        switch self {
        case .steps: "Steps"
        case .energy: "Active energy"
        case .exercise: "Exercise"
        case .unlockTime: "Unlock time"
        }
    }

    /// A target as people read it: `10,000 steps`, `500 kcal`, `30 min`, and the unlock time as `19:00`.
    public func targetText(_ target: Int) -> String {
        switch self {
        case .unlockTime: GateText.clock(target)
        case .steps, .energy, .exercise: "\(GateText.grouped(target)) \(unit)"
        }
    }
}
