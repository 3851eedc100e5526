import Foundation

/// What the gate knows at one moment: the local day, the clock on the wall, and that day's totals.
public struct GateSnapshot: Hashable, Sendable {
    /// The local day the snapshot is about.
    public let day: LocalDate
    /// The day of the week of `day`.
    public let weekday: Weekday
    /// The latest minute of the day the wall clock has reached (0...1439): the minute it reads, except in
    /// the hour lived again when clocks go back, where the minutes reached the first time stay reached
    /// (see ``WallClock``), so an unlock time once reached is not taken back.
    public let minuteOfDay: Int
    /// Totals; totals of another day count as nothing, so yesterday's steps never open today's gate.
    public let totals: HealthTotals

    /// A snapshot with the given values.
    public init(day: LocalDate, weekday: Weekday, minuteOfDay: Int, totals: HealthTotals) {
        self.day = day
        self.weekday = weekday
        self.minuteOfDay = minuteOfDay
        self.totals = totals
    }

    /// The snapshot of `now` in `calendar`'s time zone with `totals`.
    public init(at now: Date, calendar: Calendar, totals: HealthTotals?) {
        let day = LocalDate(now, in: calendar)
        self.init(
            day: day,
            weekday: Weekday(now, in: calendar),
            minuteOfDay: WallClock.minuteReached(at: now, calendar: calendar),
            totals: totals ?? HealthTotals(day: day)
        )
    }

    /// Today's current value toward `kind`: the metric's total, or the minute of the day for the unlock time.
    public func current(_ kind: GateGoalKind) -> Double {
        guard let metric = kind.metric else { return Double(minuteOfDay) }
        return totals.day == day ? totals[metric] : 0
    }
}

/// How one goal that applies today stands.
public struct GoalProgress: Hashable, Sendable {
    /// Which goal.
    public let kind: GateGoalKind
    /// Today's value: steps, kcal, minutes, or for the unlock time the minute of the day.
    public let current: Double
    /// What the goal demands.
    public let target: Int
    /// Whether `current ≥ target`.
    public let isMet: Bool

    /// How far along, 0...1; a met goal is 1.
    public var fraction: Double {
        guard target > 0 else { return 1 }
        return min(max(current / Double(target), 0), 1)
    }
}

/// The verdict over one snapshot: every goal that applies today and whether the gate is closed.
public struct GoalEvaluation: Hashable, Sendable {
    /// Goals enabled and scheduled today, in `GateGoalKind` order.
    public let goals: [GoalProgress]

    /// The goals that keep the gate closed.
    public var unmet: [GateGoalKind] { goals.filter { !$0.isMet }.map(\.kind) }
    /// Closed while at least one applicable goal is unmet; no applicable goal means open.
    public var isClosed: Bool { !unmet.isEmpty }
}

/// Decides which of today's goals are met: a pure function of the settings and a snapshot.
public enum GoalEvaluator {
    /// Every enabled goal scheduled on the snapshot's day, each met when its value is ≥ its target;
    /// an unlock time of 0 never blocks.
    public static func evaluate(_ settings: GateSettings, snapshot: GateSnapshot) -> GoalEvaluation {
        let goals = GateGoalKind.allCases.compactMap { kind -> GoalProgress? in
            let goal = settings[kind]
            guard goal.applies(on: snapshot.day, weekday: snapshot.weekday) else { return nil }
            let current = snapshot.current(kind)
            return GoalProgress(kind: kind, current: current, target: goal.target, isMet: current >= Double(goal.target))
        }
        return GoalEvaluation(goals: goals)
    }
}
