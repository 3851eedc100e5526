import Foundation

/// One of the four goals the health gate can demand, named as the CLI spells it.
public enum GateGoalKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// Steps walked today.
    case steps
    /// Active energy burned today, in kilocalories.
    case energy
    /// Minutes of exercise today, any activity.
    case exercise
    /// A time of day, in minutes after local midnight, before which the gate stays closed.
    case unlockTime = "unlock-time"

    /// The health total this goal is compared with; nil for the unlock time, which the clock decides.
    public var metric: HealthMetric? {
        switch self {
        case .steps: .steps
        case .energy: .activeEnergy
        case .exercise: .exerciseMinutes
        case .unlockTime: nil
        }
    }

    /// The targets this goal may have; for the unlock time 0 means it never blocks.
    public var allowed: ClosedRange<Int> {
        switch self {
        case .steps: 500...100_000
        case .energy: 10...5_000
        case .exercise: 1...600
        case .unlockTime: 0...1_439
        }
    }

    /// Targets must be a multiple of this; steppers move by it.
    public var increment: Int {
        switch self {
        case .steps: 500
        case .energy, .exercise, .unlockTime: 1
        }
    }

    /// The unit a target is counted in, for messages.
    public var unit: String {
        switch self {
        case .steps: "steps"
        case .energy: "kcal"
        case .exercise: "min"
        case .unlockTime: "minutes after midnight"
        }
    }

    /// Parses a goal as typed on the command line: `steps`, `energy`, `exercise` or `unlock-time`.
    public init(parsing text: String) throws(GateInputError) {
        let cleaned = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let kind = GateGoalKind(rawValue: cleaned) else { throw .unknownGoal(text) }
        self = kind
    }
}

/// A day of the week, numbered as `Calendar` numbers them: 1 is Sunday, 7 is Saturday.
public enum Weekday: Int, CaseIterable, Codable, Comparable, Hashable, Sendable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// The weekday `date` falls on in `calendar`'s time zone.
    public init(_ date: Date, in calendar: Calendar) {
        self = Weekday(rawValue: calendar.component(.weekday, from: date)) ?? .sunday
    }

    /// The three-letter name the CLI uses: `mon`, `tue`, ...
    public var shortName: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    /// Monday to Friday.
    public var isWorkday: Bool { self != .saturday && self != .sunday }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Weekday {
    /// Monday is 0, Sunday 6: the order a European week is read in.
    var mondayFirst: Int { (rawValue + 5) % 7 }
}

/// One goal's setting: whether it counts, what it demands and on which days.
public struct GateGoal: Codable, Hashable, Sendable {
    /// Whether the goal counts at all.
    public var isEnabled: Bool
    /// Steps, kilocalories, minutes, or for the unlock time minutes after midnight.
    public var target: Int
    /// The days it applies on.
    public var schedule: GoalSchedule

    /// A goal with the given values.
    public init(isEnabled: Bool, target: Int, schedule: GoalSchedule = .everyDay) {
        self.isEnabled = isEnabled
        self.target = target
        self.schedule = schedule
    }

    /// Whether the goal demands anything on `day`: enabled and scheduled.
    public func applies(on day: LocalDate, weekday: Weekday) -> Bool {
        isEnabled && schedule.includes(day, weekday: weekday)
    }
}
