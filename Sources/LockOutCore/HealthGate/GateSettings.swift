import Foundation

/// A program the gate keeps locked, named by its executable and optionally its desktop file.
public struct BlockedApp: Codable, Hashable, Sendable {
    /// The executable's name as the process table shows it, like `steam` or `firefox`.
    public let executable: String
    /// The desktop file id, like `com.valvesoftware.Steam.desktop`, when known.
    public let desktopID: String?

    /// A blocked app; nothing is checked until the settings are validated.
    public init(executable: String, desktopID: String? = nil) {
        self.executable = executable
        self.desktopID = desktopID
    }

    /// The name people read: the desktop id's last part when it carries capitals (`Steam` from
    /// `com.valvesoftware.Steam.desktop`), else the executable with a capital first letter.
    public var displayName: String {
        if let desktopID {
            let base = desktopID.hasSuffix(".desktop") ? String(desktopID.dropLast(".desktop".count)) : desktopID
            if let last = base.split(separator: ".").last, last.contains(where: \.isUppercase) {
                return String(last)
            }
        }
        return executable.prefix(1).uppercased() + executable.dropFirst()
    }
}

/// Everything a person sets about the health gate; only valid settings are ever stored.
public struct GateSettings: Codable, Hashable, Sendable {
    /// Steps, default 10,000 every day, enabled.
    public var steps: GateGoal
    /// Active energy in kcal, default 500, off.
    public var energy: GateGoal
    /// Exercise minutes, default 30, off.
    public var exercise: GateGoal
    /// The unlock time in minutes after midnight, default 19:00, off.
    public var unlockTime: GateGoal
    /// The programs kept locked while the gate is closed.
    public var blockedApps: [BlockedApp]

    /// Settings with the given values, the defaults otherwise.
    public init(
        steps: GateGoal = GateGoal(isEnabled: true, target: 10_000),
        energy: GateGoal = GateGoal(isEnabled: false, target: 500),
        exercise: GateGoal = GateGoal(isEnabled: false, target: 30),
        unlockTime: GateGoal = GateGoal(isEnabled: false, target: 19 * 60),
        blockedApps: [BlockedApp] = []
    ) {
        self.steps = steps
        self.energy = energy
        self.exercise = exercise
        self.unlockTime = unlockTime
        self.blockedApps = blockedApps
    }

    /// A steps goal of 10,000 every day and nothing blocked yet.
    public static let defaults = GateSettings()

    /// The goal of `kind`.
    public subscript(kind: GateGoalKind) -> GateGoal {
        get {
            switch kind {
            case .steps: steps
            case .energy: energy
            case .exercise: exercise
            case .unlockTime: unlockTime
            }
        }
        set {
            switch kind {
            case .steps: steps = newValue
            case .energy: energy = newValue
            case .exercise: exercise = newValue
            case .unlockTime: unlockTime = newValue
            }
        }
    }

    /// Throws the first problem: a target out of range or off its increment, no chosen day, or a
    /// blocked app that is malformed, protected or listed twice.
    public func validate() throws(GateInputError) {
        for kind in GateGoalKind.allCases {
            let goal = self[kind]
            guard kind.allowed.contains(goal.target) else {
                throw .targetOutOfRange(goal: kind, value: goal.target, allowed: kind.allowed)
            }
            guard goal.target % kind.increment == 0 else {
                throw .targetNotMultiple(goal: kind, value: goal.target, multiple: kind.increment)
            }
            if case .chosen(let days) = goal.schedule, days.isEmpty { throw .noDaysChosen(goal: kind) }
        }
        var seen: Set<String> = []
        for app in blockedApps {
            try ShieldPolicy.check(app.executable)
            guard seen.insert(app.executable).inserted else { throw .duplicateBlockedApp(app.executable) }
        }
    }

    /// These settings with `app` added to the block list; throws when it may not be blocked or is listed already.
    public func addingBlockedApp(_ app: BlockedApp) throws(GateInputError) -> GateSettings {
        try ShieldPolicy.check(app.executable)
        guard !blockedApps.contains(where: { $0.executable == app.executable }) else {
            throw .duplicateBlockedApp(app.executable)
        }
        var copy = self
        copy.blockedApps.append(app)
        return copy
    }

    /// These settings without the app whose executable is `executable`; throws when it is not listed.
    public func removingBlockedApp(_ executable: String) throws(GateInputError) -> GateSettings {
        guard blockedApps.contains(where: { $0.executable == executable }) else {
            throw .unknownBlockedApp(executable)
        }
        var copy = self
        copy.blockedApps.removeAll { $0.executable == executable }
        return copy
    }

    /// These settings with every today-only goal of a day before `today` disabled and back to every day.
    public func expiringTodayOnlyGoals(before today: LocalDate) -> GateSettings {
        var copy = self
        for kind in GateGoalKind.allCases {
            if case .todayOnly(let day) = copy[kind].schedule, day < today {
                copy[kind].isEnabled = false
                copy[kind].schedule = .everyDay
            }
        }
        return copy
    }
}
