import Foundation

/// One activity to monitor (DeviceActivity): an interval whose end wakes the monitor extension, which
/// then sets the shields from the stored snapshot. Only the end matters; the interval is there because
/// the system wakes monitors at the ends of intervals.
///
/// The system's rules: an interval lasts at least 15 minutes and at most a week, and at most 20
/// activities are monitored. A change sooner than 15 minutes away (a peek's end) gets an interval that
/// starts in the past, so its end stays where the change is; a change further than a week away is left
/// to a later plan.
public struct DeviceActivityPlan: Codable, Hashable, Sendable {
    /// The shortest interval the system accepts.
    public static let minimumLength: TimeInterval = 15 * 60
    /// The longest interval the system accepts.
    public static let maximumLength: TimeInterval = 7 * 24 * 3600
    /// The most activities the system monitors at once.
    public static let maximumCount = 20
    /// Every LockOut activity's name starts with this, so the app can stop its own and no other.
    public static let namePrefix = "lockout.shield."

    /// The activity's name: the prefix and the end in Unix seconds.
    public let name: String
    /// When the interval starts: now, or earlier for a change less than 15 minutes away.
    public let start: Date
    /// When the interval ends, the moment of the change, at a whole second.
    public let end: Date

    /// An activity with every field given.
    public init(name: String, start: Date, end: Date) {
        self.name = name
        self.start = start
        self.end = end
    }

    /// The activities that wake the monitor at each of `changes`: those after `now` and at most a week
    /// away, at the next whole second (date components keep no fraction, and an end a fraction early
    /// would wake the monitor before the change), the soonest `limit` (20 unless other activities take some of
    /// the system's 20), each at least 15 minutes long.
    public static func schedules(endingAt changes: [Date], now: Date, limit: Int = maximumCount) -> [DeviceActivityPlan] {
        let start = wholeSecond(now, .down)
        return ends(of: changes, now: now).prefix(max(0, min(limit, maximumCount))).map { end in
            DeviceActivityPlan(
                name: "\(namePrefix)\(Int(end.timeIntervalSince1970))",
                start: min(start, end.addingTimeInterval(-minimumLength)),
                end: end
            )
        }
    }

    /// Every end an activity would have for `changes`, however many: soonest first, one per whole second.
    static func ends(of changes: [Date], now: Date) -> [Date] {
        // Whole seconds at both ends, so the lengths hold for the components too.
        let latest = wholeSecond(now, .down).addingTimeInterval(maximumLength)
        return Set(changes.map { wholeSecond($0, .up) }).filter { $0 > now && $0 <= latest }.sorted()
    }

    private static func wholeSecond(_ date: Date, _ rule: FloatingPointRoundingRule) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(rule))
    }

    /// The start as the date components a schedule takes, in `calendar` and its time zone.
    public func startComponents(in calendar: Calendar) -> DateComponents {
        Self.components(of: start, in: calendar)
    }

    /// The end as the date components a schedule takes, in `calendar` and its time zone.
    public func endComponents(in calendar: Calendar) -> DateComponents {
        Self.components(of: end, in: calendar)
    }

    /// The activity as the adapter monitors it: an interval without events.
    public var monitored: MonitoredActivity {
        MonitoredActivity(name: name, start: start, end: end)
    }

    static func components(of date: Date, in calendar: Calendar) -> DateComponents {
        var components = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: date)
        components.calendar = calendar
        components.timeZone = calendar.timeZone
        return components
    }
}
