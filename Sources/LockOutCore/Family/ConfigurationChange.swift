import Foundation

/// A configuration a parent can send a child's device: the break schedule and settings, focus settings,
/// health-gate goals, and the block list. Values are checked with the same rules as the local commands.
public enum ConfigurationChange: Codable, Hashable, Sendable {
    case breakKind(BreakKind, intervalMinutes: Int?, durationSeconds: Int?, enabled: Bool?)
    case workingHours(WorkingHours?)
    case snooze(minutes: Int)
    case retention(days: Int)
    case focus(FocusSetting, value: Int)
    case holdBreaksDuringFocus(Bool)
    case gateGoal(GateGoalKind, target: Int, schedule: GoalSchedule?)
    case gateGoalEnabled(GateGoalKind, Bool)
    case blockAdd(BlockedApp)
    case blockRemove(executable: String)
    /// A rewards setting or a grant or removal of points.
    case rewards(RewardsCommand)

    /// The local command that carries the change out on the device.
    public var localCommand: LocalConfigurationCommand {
        switch self {
        case .breakKind(let kind, let interval, let duration, let enabled):
            .breaks(.setKind(kind, intervalMinutes: interval, durationSeconds: duration, enabled: enabled))
        case .workingHours(let hours): .breaks(.setWorkingHours(hours))
        case .snooze(let minutes): .breaks(.setSnooze(minutes: minutes))
        case .retention(let days): .breaks(.setRetention(days: days))
        case .focus(let setting, let value): .focus(.set(setting, value: value))
        case .holdBreaksDuringFocus(let hold): .focus(.holdBreaksDuringFocus(hold))
        case .gateGoal(let kind, let target, let schedule): .gate(.setGoal(kind, target: target, schedule: schedule))
        case .gateGoalEnabled(let kind, true): .gate(.enableGoal(kind))
        case .gateGoalEnabled(let kind, false): .gate(.disableGoal(kind))
        case .blockAdd(let app): .gate(.block(app))
        case .blockRemove(let executable): .gate(.unblock(executable: executable))
        case .rewards(let command): .rewards(command)
        }
    }

    /// Checks the values against the local commands' ranges, so a parent learns of a bad value before
    /// sending it; the device checks again against its own settings when it applies the change.
    public func validate() throws(FamilyInputError) {
        do {
            switch self {
            case .breakKind(let kind, let interval, let duration, let enabled):
                _ = try BreakSettings.defaults.updating(kind, intervalMinutes: interval, durationSeconds: duration, enabled: enabled)
            case .workingHours(let hours):
                var settings = BreakSettings.defaults
                settings.workingHours = hours
                try settings.validate()
            case .snooze(let minutes):
                var settings = BreakSettings.defaults
                settings.snoozeMinutes = minutes
                try settings.validate()
            case .retention(let days):
                var settings = BreakSettings.defaults
                settings.retentionDays = days
                try settings.validate()
            case .focus(let setting, let value):
                _ = try FocusSettings.defaults.updating(setting, to: value)
            case .holdBreaksDuringFocus:
                break
            case .gateGoal(let kind, let target, let schedule):
                var settings = GateSettings.defaults
                settings[kind].target = target
                if let schedule { settings[kind].schedule = schedule }
                try settings.validate()
            case .gateGoalEnabled:
                break
            case .blockAdd(let app):
                _ = try GateSettings(blockedApps: []).addingBlockedApp(app)
            case .blockRemove(let executable):
                _ = try GateSettings(blockedApps: [BlockedApp(executable: executable)]).removingBlockedApp(executable)
            case .rewards(let command):
                try command.validateAlone()
            }
        } catch {
            throw .invalidValue(String(describing: error))
        }
    }

    /// What the change does, in a few words for a status line.
    public var summary: String {
        switch self {
        case .breakKind(let kind, let interval, let duration, let enabled):
            var parts: [String] = []
            if let interval { parts.append("every \(interval) min") }
            if let duration { parts.append("for \(duration) s") }
            if let enabled { parts.append(enabled ? "on" : "off") }
            return "\(kind.rawValue) breaks \(parts.joined(separator: ", "))"
        case .workingHours(let hours): return hours == nil ? "working hours off" : "working hours set"
        case .snooze(let minutes): return "snooze \(minutes) min"
        case .retention(let days): return "history kept \(days) days"
        case .focus(let setting, let value): return "focus \(setting.rawValue) \(value) \(setting.unit)"
        case .holdBreaksDuringFocus(let hold): return "hold breaks during focus \(hold ? "on" : "off")"
        case .gateGoal(let kind, let target, let schedule):
            return "gate \(kind.rawValue) goal \(target) \(kind.unit)" + (schedule.map { ", \($0.readableText)" } ?? "")
        case .gateGoalEnabled(let kind, let enabled): return "gate \(kind.rawValue) goal \(enabled ? "on" : "off")"
        case .blockAdd(let app): return "block \(app.executable)"
        case .blockRemove(let executable): return "unblock \(executable)"
        case .rewards(let command): return "rewards: \(command.summary)"
        }
    }
}

/// A configuration change as the device's own engines take it.
public enum LocalConfigurationCommand: Hashable, Sendable {
    case breaks(BreakCommand)
    case focus(FocusCommand)
    case gate(GateCommand)
    case rewards(RewardsCommand)
}
