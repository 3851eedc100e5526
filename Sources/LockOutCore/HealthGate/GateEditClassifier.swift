import Foundation

/// What an edit of the gate's settings does to today's gate.
public enum GateEditKind: String, Codable, Hashable, Sendable {
    /// Demands more today, or blocks more: applies at once.
    case strengthening
    /// Demands less today, or blocks less: while goals are unmet it waits for the friction or the goals.
    case weakening
    /// Changes nothing today (another day's schedule, a disabled goal's target, the same settings).
    case neutral
}

/// Classifies an edit by comparing what each goal demands today before and after; any weakening part makes the whole edit weakening.
public enum GateEditClassifier {
    /// Weakening when any goal stops applying today (disabled, or today removed from its schedule), any
    /// applying goal's target goes down, or any blocked app goes; else strengthening when any goal starts
    /// applying today, a target goes up or an app is added; else neutral.
    public static func classify(from old: GateSettings, to new: GateSettings, day: LocalDate, weekday: Weekday) -> GateEditKind {
        var weakens = false
        var strengthens = false
        for kind in GateGoalKind.allCases {
            let before = old[kind].applies(on: day, weekday: weekday)
            let after = new[kind].applies(on: day, weekday: weekday)
            switch (before, after) {
            case (true, false): weakens = true
            case (false, true): strengthens = true
            case (true, true):
                if new[kind].target < old[kind].target { weakens = true }
                if new[kind].target > old[kind].target { strengthens = true }
            case (false, false): break
            }
        }
        let oldApps = Set(old.blockedApps.map(\.executable))
        let newApps = Set(new.blockedApps.map(\.executable))
        if !oldApps.subtracting(newApps).isEmpty { weakens = true }
        if !newApps.subtracting(oldApps).isEmpty { strengthens = true }
        if weakens { return .weakening }
        return strengthens ? .strengthening : .neutral
    }
}
