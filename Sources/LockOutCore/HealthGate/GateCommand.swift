import Foundation

/// What a person asks of the health gate, from the CLI, the local API or a settings screen.
public enum GateCommand: Codable, Hashable, Sendable {
    /// Read the health source again now; a failing source is then reported on the screen.
    case refresh
    /// Take a short peek while the gate is closed.
    case peek
    /// Start an emergency unlock: its code is shown after the wait.
    case emergencyUnlock
    /// Type the code shown for the emergency unlock or a held edit.
    case enterCode(String)
    /// Give up the emergency unlock or the held edit waiting for its code.
    case cancelCode
    /// Set a goal's target (and its days, when given) and enable it.
    case setGoal(GateGoalKind, target: Int, schedule: GoalSchedule?)
    /// Let a goal count.
    case enableGoal(GateGoalKind)
    /// Stop a goal counting.
    case disableGoal(GateGoalKind)
    /// Add a program to the block list.
    case block(BlockedApp)
    /// Take the program with this executable name off the block list.
    case unblock(executable: String)
}

extension HealthGate {
    /// Carries out `command` at `now`. Settings changes are edits of the settings in force once the gate
    /// has caught up with `now` (a new day's reset and expiry come first, so an edit never revives
    /// yesterday's today-only goal); a weakening one is held behind friction with `code` while goals are
    /// unmet; an invalid command throws and changes nothing.
    public mutating func execute(_ command: GateCommand, code: FrictionCode, now: Date) throws(GateInputError) -> [GateEffect] {
        try transition(now: now, forceShields: command == .refresh) { gate throws(GateInputError) in
            try gate.apply(try gate.event(for: command, code: code), now: now)
        }
    }

    /// Carries out a parent's configuration `command` at `now`: a settings change applies at once, even a
    /// weakening one while goals are unmet; a command that is not a settings change is refused.
    public mutating func impose(_ command: GateCommand, now: Date) throws(GateInputError) -> [GateEffect] {
        try transition(now: now, forceShields: false) { gate throws(GateInputError) in
            guard case .settingsEdited(let edited, _) = try gate.event(for: command, code: FrictionCode(number: 0)) else {
                throw .notASettingsChange
            }
            return try gate.apply(.settingsImposed(edited), now: now)
        }
    }

    /// The event `command` stands for.
    func event(for command: GateCommand, code: FrictionCode) throws(GateInputError) -> GateEvent {
        switch command {
        case .refresh: return .evaluationRequested
        case .peek: return .peekRequested
        case .emergencyUnlock: return .emergencyUnlockRequested(code: code)
        case .enterCode(let typed): return .codeEntered(typed)
        case .cancelCode: return .frictionCancelled
        case .setGoal(let kind, let target, let schedule):
            var edited = settings
            edited[kind].target = target
            edited[kind].isEnabled = true
            if let schedule { edited[kind].schedule = schedule }
            return .settingsEdited(edited, code: code)
        case .enableGoal(let kind):
            var edited = settings
            edited[kind].isEnabled = true
            return .settingsEdited(edited, code: code)
        case .disableGoal(let kind):
            var edited = settings
            edited[kind].isEnabled = false
            return .settingsEdited(edited, code: code)
        case .block(let app):
            return .settingsEdited(try settings.addingBlockedApp(app), code: code)
        case .unblock(let executable):
            return .settingsEdited(try settings.removingBlockedApp(executable), code: code)
        }
    }
}

extension GateGoalKind {
    /// Parses a target as typed: a whole number of the goal's unit (`8000`, `2,500`), and for the unlock
    /// time a clock time like `19:00` or `7:30` (`0` or `00:00` means it never blocks).
    public func target(parsing text: String) throws(GateInputError) -> Int {
        let cleaned = text.trimmingCharacters(in: .whitespaces)
        if self == .unlockTime, cleaned.contains(":") {
            let parts = cleaned.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
                  (0...23).contains(hour), (0...59).contains(minute)
            else { throw .unknownTarget(goal: self, text: text) }
            return hour * 60 + minute
        }
        guard let value = Int(cleaned.replacingOccurrences(of: ",", with: "")) else {
            throw .unknownTarget(goal: self, text: text)
        }
        return value
    }
}
