import Foundation

/// A set of apps the app shields under one name; the platform's opaque tokens for it stay in the app.
public enum ShieldSelection: String, Codable, Hashable, Sendable, CaseIterable {
    /// The apps the health gate keeps locked until today's goals are met.
    case gate
    /// The reward apps, closed unless reward time is open.
    case rewards
}

/// A span in which a selection is blocked, and why, in the words the shield shows.
public struct ShieldPlanPeriod: Codable, Hashable, Sendable {
    /// The selection's name (``ShieldSelection``'s raw value).
    public let selection: String
    /// When the block starts; `Date.distantPast` for one already in force when the plan was made.
    public let from: Date
    /// When it ends, nil when no end can be foreseen (goals met only when health data says so).
    public let until: Date?
    /// The shield's title.
    public let title: String
    /// The shield's reason, like "Locked until you reach 10,000 steps — 6,240 so far".
    public let reason: String

    /// A period with every field given.
    public init(selection: String, from: Date, until: Date?, title: String, reason: String) {
        self.selection = selection
        self.from = from
        self.until = until
        self.title = title
        self.reason = reason
    }
}

/// What the monitor and shield extensions read from the App Group: the same fields, and the same JSON
/// (`JSONEncoder()` with its default strategies), as `LockOutShared.ShieldSnapshot`, which they decode it as.
public struct ShieldPlanSnapshot: Codable, Hashable, Sendable {
    /// The snapshot format this plan writes; `LockOutShared.ShieldSnapshot.currentVersion` equals it.
    public static let currentVersion = 1

    /// The format's version.
    public let version: Int
    /// When the plan was made.
    public let madeAt: Date
    /// Every blocked span, by selection, then start.
    public let periods: [ShieldPlanPeriod]

    /// A snapshot with every field given.
    public init(version: Int = currentVersion, madeAt: Date, periods: [ShieldPlanPeriod]) {
        self.version = version
        self.madeAt = madeAt
        self.periods = periods
    }
}

/// What Screen Time must know so shields follow the gate and reward time while the app is not running.
///
/// The app shields `blockedNow` at once, stores `snapshot` in the App Group, and monitors `activities`;
/// at each activity's end the monitor extension shields what the snapshot blocks at that moment. Spans
/// are foreseen from the engines' own rules with no new health data (the gate opens at today's unlock
/// time when that is the last unmet goal, closes again at midnight; a peek and an emergency unlock end;
/// reward time ends) for a week; new health data, a command or a redemption reaches the app, which plans again.
public struct ShieldPlan: Codable, Hashable, Sendable {
    /// The gate's shield title, in seed 004's words.
    public static let gateTitle = "Earn your screen time by hitting your health goals."
    /// The reward apps' shield title.
    public static let rewardsTitle = "Reward programs are closed"
    /// The reward apps' shield reason.
    public static let rewardsReason = "Learn to earn more points, then trade them for reward time."

    /// What the extensions read.
    public let snapshot: ShieldPlanSnapshot
    /// The selections blocked when the plan was made, in ``ShieldSelection`` order.
    public let blockedNow: [ShieldSelection]
    /// The activities to monitor, soonest end first.
    public let activities: [DeviceActivityPlan]
    /// The learning time Screen Time counts on a child's device: a day's activity with its threshold events for
    /// each of the coming days; empty without learning programs.
    public let learning: LearningMonitorPlan
    /// Until when the monitor is woken at every change and learning time is counted: the last shield activity's
    /// end when there are more changes than activities, else a week on; at most the last learning day's end.
    public let coveredUntil: Date

    /// Every activity to monitor: the learning days, then the shield changes; at most the system's 20.
    public var monitoring: [MonitoredActivity] {
        learning.days.map(\.activity) + activities.map(\.monitored)
    }

    /// The earliest begin date of the next background refresh, halfway to `coveredUntil`.
    public var refreshAt: Date { BackgroundRefresh.earliestBegin(now: snapshot.madeAt, coveredUntil: coveredUntil) }

    /// The plan at `now` for the gate and rewards as they stand; nil for one the device does not use.
    public init(gate: HealthGate?, rewards: RewardsEngine?, now: Date) {
        let end = now.addingTimeInterval(DeviceActivityPlan.maximumLength)
        var timelines: [ShieldTimeline] = []
        if let gate { timelines.append(Self.gateTimeline(gate, now: now, through: end)) }
        if let rewards { timelines.append(Self.rewardsTimeline(rewards, now: now)) }
        let changes = timelines.flatMap(\.changes)
        let learning = rewards.map { LearningMonitorPlan(rewards: $0, now: now) } ?? LearningMonitorPlan.none
        let limit = DeviceActivityPlan.maximumCount - learning.days.count
        let activities = DeviceActivityPlan.schedules(endingAt: changes, now: now, limit: limit)
        let foreseen = DeviceActivityPlan.ends(of: changes, now: now).count
        snapshot = ShieldPlanSnapshot(madeAt: now, periods: timelines.flatMap(\.periods))
        blockedNow = ShieldSelection.allCases.filter { selection in timelines.contains { $0.selection == selection && $0.blockedAtStart } }
        self.activities = activities
        self.learning = learning
        let shieldsCovered = foreseen > activities.count ? (activities.last?.end ?? end) : end
        coveredUntil = learning.days.last.map { min(shieldsCovered, $0.activity.end) } ?? shieldsCovered
    }

    /// The rewards' spans: closed unless reward time is open, from its end on. What the selection holds is the
    /// platform's: the reward programs named in the settings on Linux, the apps picked with Screen Time's picker on
    /// Apple platforms (opaque tokens Core never sees), so an empty program list blocks nothing only on Linux.
    static func rewardsTimeline(_ rewards: RewardsEngine, now: Date) -> ShieldTimeline {
        var timeline = ShieldTimeline(selection: .rewards)
        if !rewards.rewardTimeOpen(at: now) {
            timeline.blockedAtStart = true
            timeline.periods.append(period(.rewards, from: .distantPast))
        } else if let end = rewards.record.window?.endsAt {
            timeline.periods.append(period(.rewards, from: end))
            timeline.changes.append(end)
        }
        return timeline
    }

    private static func period(_ selection: ShieldSelection, from: Date) -> ShieldPlanPeriod {
        ShieldPlanPeriod(selection: selection.rawValue, from: from, until: nil, title: rewardsTitle, reason: rewardsReason)
    }
}

/// One selection's foreseen spans and the moments it changes between blocked and allowed.
struct ShieldTimeline {
    let selection: ShieldSelection
    var periods: [ShieldPlanPeriod] = []
    var changes: [Date] = []
    var blockedAtStart = false
}
