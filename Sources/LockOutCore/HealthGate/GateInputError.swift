import Foundation

/// What was wrong with a request to the health gate; each case carries the facts and says what is allowed.
public enum GateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A goal name nobody knows.
    case unknownGoal(String)
    /// A day list that is not `every`, `weekdays`, `weekends`, `today` or names like `mon,wed`.
    case unknownDays(String)
    /// A target that is not a number (or, for the unlock time, not a time like 19:00).
    case unknownTarget(goal: GateGoalKind, text: String)
    /// A target outside its goal's range.
    case targetOutOfRange(goal: GateGoalKind, value: Int, allowed: ClosedRange<Int>)
    /// A target that is not a multiple of its goal's increment.
    case targetNotMultiple(goal: GateGoalKind, value: Int, multiple: Int)
    /// A schedule of chosen days with no day in it.
    case noDaysChosen(goal: GateGoalKind)
    /// A blocked app named by something that is not a plain executable name.
    case malformedAppName(String)
    /// A program LockOut never blocks, with the reason: itself, a shell, a terminal, a system process, a part
    /// of a desktop session, or a program this system's session starts.
    case protectedApp(String, reason: ProtectionReason)
    /// An app already on the block list.
    case duplicateBlockedApp(String)
    /// An app that is not on the block list.
    case unknownBlockedApp(String)
    /// A health value that is negative, not a number, or beyond what a day can hold.
    case healthValueOutOfRange(metric: HealthMetric, value: Double, allowed: ClosedRange<Double>)
    /// Peek or emergency unlock while today's goals are met or the gate is already unlocked.
    case gateNotClosed
    /// Peek while a peek runs.
    case alreadyPeeking(until: Date)
    /// Emergency unlock requested again after it unlocked today.
    case emergencyAlreadyUnlocked
    /// A code typed while no emergency unlock or held edit waits for one.
    case noCodePending
    /// A code typed before the wait is over and the code is shown.
    case codeNotShownYet(secondsLeft: Int)
    /// A code that is not the one shown.
    case wrongCode
    /// A parent's command that is not a settings change (a peek, an unlock, a code).
    case notASettingsChange

    /// The message a person reads, saying what is allowed.
    public var description: String {
        switch self {
        case .unknownGoal(let text):
            "unknown goal '\(text)': use steps, energy, exercise or unlock-time"
        case .unknownDays(let text):
            "unknown days '\(text)': use every, weekdays, weekends, today or a list like mon,wed,fri"
        case .unknownTarget(let goal, let text) where goal == .unlockTime:
            "'\(text)' is not a time of day: use a time like 19:00, or 0 for no unlock time"
        case .unknownTarget(let goal, let text):
            "'\(text)' is not a \(goal.rawValue) target: use a whole number of \(goal.unit), like \(GateSettings.defaults[goal].target)"
        case .targetOutOfRange(let goal, let value, _) where goal == .unlockTime:
            "unlock time \(value) is out of range: use a time from 00:00 (never blocks) to 23:59"
        case .targetOutOfRange(let goal, let value, let allowed):
            "\(goal.rawValue) target of \(value) \(goal.unit) is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) \(goal.unit)"
        case .targetNotMultiple(let goal, let value, let multiple):
            "\(goal.rawValue) target of \(value) is not a multiple of \(multiple): use \(value / multiple * multiple) or \((value / multiple + 1) * multiple)"
        case .noDaysChosen(let goal):
            "the \(goal.rawValue) goal needs at least one day: use every, weekdays, weekends, today or a list like mon,wed"
        case .malformedAppName(let text):
            "'\(text)' is not an executable name: use the program's name as the process list shows it, like steam or firefox, without a path or spaces"
        case .protectedApp(let name, let reason):
            "'\(name)' can never be blocked: \(reason)"
        case .duplicateBlockedApp(let name):
            "'\(name)' is already blocked: see 'lockout gate block list'"
        case .unknownBlockedApp(let name):
            "'\(name)' is not blocked: see 'lockout gate block list'"
        case .healthValueOutOfRange(let metric, let value, let allowed):
            "\(metric.rawValue) of \(value) \(metric.unit) is out of range: a day holds \(Int(allowed.lowerBound))...\(Int(allowed.upperBound)) \(metric.unit)"
        case .gateNotClosed:
            "the gate is not closed: peek and emergency unlock are allowed only while today's goals keep apps locked"
        case .alreadyPeeking(let until):
            "a peek is already running until \(until): wait until it ends"
        case .emergencyAlreadyUnlocked:
            "the gate is already unlocked for today by an emergency unlock"
        case .noCodePending:
            "no code is waiting to be typed: request an emergency unlock or make the edit first"
        case .codeNotShownYet(let seconds):
            "the code is shown after the wait: \(seconds) s to go"
        case .notASettingsChange:
            "a parent can change the gate's goals and block list, not peek, unlock or type codes"
        case .wrongCode:
            "that is not the code shown: type the 4 digits exactly"
        }
    }
}
