import Foundation

/// One DeviceActivity to monitor, as the adapter hands it to the system: a named interval, and the threshold events
/// counted in it (none for a shield change, which needs only the interval's end).
public struct MonitoredActivity: Codable, Hashable, Sendable {
    /// Every LockOut activity's name starts with this: the app stops its own and no other.
    public static let namePrefix = "lockout."

    /// The activity's name; names say what the activity holds, so an activity changed is one renamed.
    public let name: String
    /// When the interval starts.
    public let start: Date
    /// When it ends, at a whole second.
    public let end: Date
    /// The threshold events, soonest first within each program.
    public let events: [LearningMonitorPlan.Event]

    /// An activity with every field given.
    public init(name: String, start: Date, end: Date, events: [LearningMonitorPlan.Event] = []) {
        self.name = name
        self.start = start
        self.end = end
        self.events = events
    }

    /// The start as the date components a schedule takes, in `calendar` and its time zone.
    public func startComponents(in calendar: Calendar) -> DateComponents {
        DeviceActivityPlan.components(of: start, in: calendar)
    }

    /// The end as the date components a schedule takes, in `calendar` and its time zone.
    public func endComponents(in calendar: Calendar) -> DateComponents {
        DeviceActivityPlan.components(of: end, in: calendar)
    }
}

/// What to stop and what to start so the system monitors exactly the planned activities: LockOut's activities the
/// plan no longer has are stopped (another app's never), planned ones not yet monitored are started, the others are
/// left running. Stops come first, so the slots they free count for the starts.
public struct MonitoringChanges: Hashable, Sendable {
    /// The names of the activities to stop monitoring, sorted.
    public let stop: [String]
    /// The activities to start monitoring, in the plan's order.
    public let start: [MonitoredActivity]

    /// The changes from the activities `monitored` now (every name the system lists) to `planned`.
    public init(planned: [MonitoredActivity], monitored: [String]) {
        let plannedNames = Set(planned.map(\.name))
        let running = Set(monitored.filter { $0.hasPrefix(MonitoredActivity.namePrefix) })
        stop = running.subtracting(plannedNames).sorted()
        var seen: Set<String> = []
        start = planned.filter { !running.contains($0.name) && seen.insert($0.name).inserted }
    }

    /// Whether nothing changes.
    public var isEmpty: Bool { stop.isEmpty && start.isEmpty }
}
