import Foundation

/// What Screen Time must watch so learning time counts on a child's iPhone or iPad: for each of the coming days an
/// activity over the whole local day, with one threshold event per learning program and minute step the rules need.
///
/// The system says nothing of what an app is used for; it tells the monitor extension when the apps of a selection
/// have together been in use for a threshold's time since the interval started. So each learning program is a
/// selection (``selection(for:)``: the apps and categories picked for it, opaque tokens Core never sees), and each
/// event's name says what to record: the day, the minutes reached and the program
/// (`lockout.learn.2026-11-23.25.gcompris`). The extension records it in the App Group; the app reads the records
/// into the usage meter, and the rewards engine counts the minutes with the same rules as on Linux.
///
/// Limits: the system monitors at most 20 activities (the shields take the rest), each interval 15 minutes to a
/// week; Apple documents no limit on events, so LockOut keeps to ``maximumEventsPerDay`` an activity. Today's
/// events start above the minutes already counted (the events count the day's use from its midnight, past use
/// included), so what was recorded is not told again.
public struct LearningMonitorPlan: Codable, Hashable, Sendable {
    /// Days planned ahead, today included: monitoring goes on that long when the app does not run.
    public static let daysAhead = 3
    /// The most events LockOut gives one day's activity.
    public static let maximumEventsPerDay = 100
    /// Past the minutes that earn, the minutes still count towards totals in steps of this many minutes…
    public static let tailStep = 15
    /// …up to this many minutes a day.
    public static let tailLimit = 8 * 60
    /// Every learning activity's name starts with this.
    public static let activityPrefix = "lockout.learning."
    /// Every learning event's name starts with this (`LockOutShared.LearningThreshold.eventPrefix` equals it).
    public static let eventPrefix = "lockout.learn."
    /// The selection names of learning programs start with this (`LockOutShared.ShieldSelectionName.learning(_:)`).
    public static let selectionPrefix = "learning."

    /// One threshold: `program`'s apps used `minutes` in all on `day`.
    public struct Event: Codable, Hashable, Sendable {
        /// The event's name: prefix, day, minutes, program.
        public let name: String
        /// The selection whose apps and categories the event counts.
        public let selection: String
        /// The learning program.
        public let program: String
        /// Minutes of use since the day's midnight at which the event fires.
        public let minutes: Int

        /// The event for `program` reaching `minutes` on `day`.
        public init(program: String, minutes: Int, day: LocalDate) {
            self.program = program
            self.minutes = minutes
            selection = LearningMonitorPlan.selection(for: program)
            name = "\(LearningMonitorPlan.eventPrefix)\(day).\(minutes).\(program)"
        }
    }

    /// One local day's activity and its events.
    public struct Day: Codable, Hashable, Sendable {
        public let day: LocalDate
        /// The activity: the whole local day, named after the day and a digest of its events, so a changed
        /// set of events is a new activity.
        public let activity: MonitoredActivity
    }

    /// The days, soonest first.
    public let days: [Day]

    /// Nothing to count: no rewards on this device, or no learning program.
    public static let none = LearningMonitorPlan(days: [])

    private init(days: [Day]) {
        self.days = days
    }

    /// The days planned ahead of `now`; none without learning programs.
    public init(rewards: RewardsEngine, now: Date, days count: Int = LearningMonitorPlan.daysAhead) {
        let calendar = rewards.calendar
        let settings = rewards.settings
        let programs = settings.learningPrograms.sorted()
        guard !programs.isEmpty, count > 0 else {
            days = []
            return
        }
        let today = LocalDate(now, in: calendar)
        let budget = max(1, Self.maximumEventsPerDay / programs.count)
        days = (0..<count).map { offset in
            let day = today.adding(days: offset, in: calendar)
            var events: [Event] = []
            for program in programs.prefix(Self.maximumEventsPerDay) {
                let reached = offset == 0 && rewards.record.day == today ? rewards.record.learningSeconds[program, default: 0] / 60 : 0
                let minutes = Self.steps(
                    reached: reached, earningUntil: Self.earningMinutes(program, settings: settings), budget: budget
                )
                events += minutes.map { Event(program: program, minutes: $0, day: day) }
            }
            let start = day.start(in: calendar)
            let end = day.adding(days: 1, in: calendar).start(in: calendar).addingTimeInterval(-1)
            let name = "\(Self.activityPrefix)\(day).\(Self.digest(events.map(\.name)))"
            return Day(day: day, activity: MonitoredActivity(name: name, start: start, end: end, events: events))
        }
    }

    /// The selection name of a learning program: the app keeps the tokens picked for it under this name.
    public static func selection(for program: String) -> String {
        selectionPrefix + program
    }

    /// The minutes of a day after which `program`'s use earns nothing more: its points reach the cap (without a
    /// streak's bonus, which only reaches it sooner), and today's quest, where it counts, its target.
    static func earningMinutes(_ program: String, settings: RewardsSettings) -> Int {
        let cap = max(1, settings.dailyCap)
        var minutes: Int
        switch settings.mode {
        case .points:
            let rate = max(1, settings.program(program)?.effectiveRate ?? RewardRules.defaultRate)
            minutes = (cap + rate - 1) / rate
        case .ratio(let learning, let reward):
            // The ratio adds every learning program's minutes up: any minute may complete a block.
            let block = max(1, PointsRule.blockPoints(reward: reward))
            minutes = (cap + block - 1) / block * max(1, learning)
        }
        if let quest = settings.quest, quest.programs.isEmpty || quest.programs.contains(program) {
            minutes = max(minutes, quest.targetMinutes)
        }
        return min(minutes, 24 * 60)
    }

    /// The thresholds above `reached` minutes: every minute up to `earningUntil` when `budget` allows, else evenly
    /// spaced steps ending on it; then steps of ``tailStep`` up to ``tailLimit`` while the budget lasts.
    static func steps(reached: Int, earningUntil limit: Int, budget: Int) -> [Int] {
        var minutes: [Int] = []
        if limit > reached {
            let span = limit - reached
            let step = (span + budget - 1) / budget
            minutes = Array(stride(from: limit, to: reached, by: -step).reversed())
        }
        var next = (max(limit, reached) / tailStep + 1) * tailStep
        while minutes.count < budget, next <= tailLimit {
            minutes.append(next)
            next += tailStep
        }
        return minutes
    }

    /// A short stable digest of `names` (FNV-1a, 32 bits, hex): the same events, the same activity name.
    static func digest(_ names: [String]) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in names.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
