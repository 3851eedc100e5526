import Foundation

/// How a quest counts learning minutes.
public enum QuestCounting: String, Codable, Hashable, Sendable, CaseIterable {
    /// The minutes of every counted program together.
    case combined
    /// The minutes of the one counted program used most: one program must reach the target.
    case perProgram = "per-program"
}

/// What completing a quest grants.
public enum QuestReward: Codable, Hashable, Sendable {
    /// Minutes of reward time, opened or added at once (within the cap).
    case rewardMinutes(Int)
    /// Bonus points.
    case bonusPoints(Int)

    /// `30 min` or `50 points`.
    public var text: String {
        switch self {
        case .rewardMinutes(let minutes): "\(minutes) min of reward time"
        case .bonusPoints(let points): "\(points) bonus points"
        }
    }
}

/// The daily quest: a target of learning minutes, completed at most once a day.
public struct DailyQuest: Codable, Hashable, Sendable {
    /// The targets a parent may set, in minutes.
    public static let targetRange = 1...480
    /// What completing grants unless the parent says otherwise.
    public static let defaultReward = QuestReward.rewardMinutes(30)

    public var title: String
    public var targetMinutes: Int
    public var counting: QuestCounting
    /// Only these learning programs count; empty: every learning program.
    public var programs: [String]
    public var reward: QuestReward

    public init(title: String, targetMinutes: Int, counting: QuestCounting = .combined, programs: [String] = [], reward: QuestReward = DailyQuest.defaultReward) {
        self.title = title
        self.targetMinutes = targetMinutes
        self.counting = counting
        self.programs = programs
        self.reward = reward
    }

    /// Checks the target, the reward and that every named program is a learning program of `settings`.
    public func validate(programs settings: RewardsSettings) throws(RewardsInputError) {
        guard Self.targetRange.contains(targetMinutes) else { throw .questTargetOutOfRange(targetMinutes) }
        switch reward {
        case .rewardMinutes(let minutes):
            guard (1...RewardRules.maximumWindowMinutes).contains(minutes) else { throw .questRewardOutOfRange(minutes) }
        case .bonusPoints(let points):
            guard (1...RewardRules.maximumAdjustment).contains(points) else { throw .questRewardOutOfRange(points) }
        }
        for name in programs where settings.category(of: name) != .learning {
            throw .questProgramNotLearning(name)
        }
    }

    /// Whole minutes of progress from a day's active seconds by learning program.
    public func progress(learningSeconds: [String: Int]) -> Int {
        let counted = programs.isEmpty ? learningSeconds : learningSeconds.filter { programs.contains($0.key) }
        switch counting {
        case .combined: return counted.values.reduce(0, +) / 60
        case .perProgram: return (counted.values.max() ?? 0) / 60
        }
    }
}

extension DailyQuest {
    /// A quest from a template (`template`) or from scratch (`minutes`), with what is given set over it:
    /// how the child's device and a parent's device build one from the same words. Ranges are checked by
    /// `validate`, against the device's programs.
    public static func composed(
        template: String? = nil, title: String? = nil, minutes: Int? = nil, counting: String? = nil,
        programs: [String] = [], rewardMinutes: Int? = nil, bonusPoints: Int? = nil
    ) throws(RewardsInputError) -> DailyQuest {
        guard template != nil || minutes != nil else { throw .questNeedsTarget }
        var quest = try template.map { id throws(RewardsInputError) in try QuestTemplate.named(id).quest }
            ?? DailyQuest(title: "Daily quest", targetMinutes: minutes ?? 0)
        if let title { quest.title = title }
        if let minutes { quest.targetMinutes = minutes }
        if let counting {
            guard let value = QuestCounting(rawValue: counting) else { throw .unknownQuestCounting(counting) }
            quest.counting = value
        }
        if !programs.isEmpty { quest.programs = programs }
        switch (rewardMinutes, bonusPoints) {
        case (.some, .some): throw .questRewardTwice
        case (.some(let minutes), nil): quest.reward = .rewardMinutes(minutes)
        case (nil, .some(let points)): quest.reward = .bonusPoints(points)
        case (nil, nil): break
        }
        return quest
    }
}

/// A quest a parent can start from.
public struct QuestTemplate: Hashable, Sendable {
    public let id: String
    public let quest: DailyQuest

    /// The starting points: short daily practice, an hour, one program in depth, and points instead of time.
    public static let all: [QuestTemplate] = [
        QuestTemplate(id: "daily-practice", quest: DailyQuest(title: "Daily practice", targetMinutes: 20)),
        QuestTemplate(id: "learning-hour", quest: DailyQuest(title: "Learning hour", targetMinutes: 60, reward: .rewardMinutes(45))),
        QuestTemplate(id: "deep-dive", quest: DailyQuest(title: "Deep dive", targetMinutes: 45, counting: .perProgram)),
        QuestTemplate(id: "point-boost", quest: DailyQuest(title: "Point boost", targetMinutes: 30, reward: .bonusPoints(100))),
    ]

    /// The template with `id`.
    public static func named(_ id: String) throws(RewardsInputError) -> QuestTemplate {
        guard let template = all.first(where: { $0.id == id }) else { throw .unknownQuestTemplate(id) }
        return template
    }
}

/// Consecutive days whose quest completed.
public struct StreakRecord: Codable, Hashable, Sendable {
    public private(set) var current: Int
    public private(set) var longest: Int
    /// The last day that counted.
    public private(set) var lastDay: LocalDate?

    public init(current: Int = 0, longest: Int = 0, lastDay: LocalDate? = nil) {
        self.current = current
        self.longest = longest
        self.lastDay = lastDay
    }

    /// Counts `day`: the day after the last one adds 1, a gap starts again at 1, the same day changes nothing.
    /// Returns true when the day was new.
    @discardableResult
    public mutating func count(_ day: LocalDate, calendar: Calendar) -> Bool {
        if let lastDay, day <= lastDay { return false }
        if let lastDay, lastDay.adding(days: 1, in: calendar) == day {
            current += 1
        } else {
            current = 1
        }
        lastDay = day
        longest = max(longest, current)
        return true
    }

    /// The streak as it stands on `today`: broken (0) once a whole day passed without counting.
    public func days(on today: LocalDate, calendar: Calendar) -> Int {
        guard let lastDay else { return 0 }
        return lastDay >= today.adding(days: -1, in: calendar) ? current : 0
    }

    /// At risk: a streak runs and today has not counted yet.
    public func isAtRisk(on today: LocalDate, calendar: Calendar) -> Bool {
        days(on: today, calendar: calendar) > 0 && lastDay != today
    }

    /// Whether the current streak sits on a milestone (every 7 days).
    public var isOnMilestone: Bool { current > 0 && current % RewardRules.milestoneEvery == 0 }
}
