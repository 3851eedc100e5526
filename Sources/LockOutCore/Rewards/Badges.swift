import Foundation

/// What a badge measures.
public enum BadgeMeasure: String, Codable, Hashable, Sendable {
    case questsCompleted
    case longestStreak
    case learningHours
    case pointsEarned
}

/// One of the seed's starter badges.
public struct BadgeDefinition: Hashable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let detail: String
    public let measure: BadgeMeasure
    public let threshold: Int

    /// The six starters.
    public static let starters: [BadgeDefinition] = [
        BadgeDefinition(id: "first_steps", name: "First Steps", detail: "Complete your first quest", measure: .questsCompleted, threshold: 1),
        BadgeDefinition(id: "week_warrior", name: "Week Warrior", detail: "Keep a 7-day streak", measure: .longestStreak, threshold: 7),
        BadgeDefinition(id: "month_master", name: "Month Master", detail: "Keep a 30-day streak", measure: .longestStreak, threshold: 30),
        BadgeDefinition(id: "learning_legend", name: "Learning Legend", detail: "Learn for 100 hours", measure: .learningHours, threshold: 100),
        BadgeDefinition(id: "point_collector", name: "Point Collector", detail: "Earn 10,000 points", measure: .pointsEarned, threshold: 10_000),
        BadgeDefinition(id: "challenge_champion", name: "Challenge Champion", detail: "Complete 10 quests", measure: .questsCompleted, threshold: 10),
    ]
}

/// Lifetime totals the badges and the level are measured against.
public struct RewardTotals: Codable, Hashable, Sendable {
    public var questsCompleted: Int
    public var longestStreak: Int
    public var learningSeconds: Int
    public var pointsEarned: Int

    public init(questsCompleted: Int = 0, longestStreak: Int = 0, learningSeconds: Int = 0, pointsEarned: Int = 0) {
        self.questsCompleted = questsCompleted
        self.longestStreak = longestStreak
        self.learningSeconds = learningSeconds
        self.pointsEarned = pointsEarned
    }

    /// The value of `measure`.
    public func value(of measure: BadgeMeasure) -> Int {
        switch measure {
        case .questsCompleted: questsCompleted
        case .longestStreak: longestStreak
        case .learningHours: learningSeconds / 3600
        case .pointsEarned: pointsEarned
        }
    }
}

/// A badge as shown: unlocked (when) or locked with its progress.
public struct BadgeState: Hashable, Sendable, Codable, Identifiable {
    public let id: String
    public let name: String
    public let detail: String
    public let unlockedAt: Date?
    public let progress: Int
    public let threshold: Int

    public var isUnlocked: Bool { unlockedAt != nil }
}

public enum Badges {
    /// The badges `totals` reach that `unlocked` does not hold yet.
    public static func newlyUnlocked(totals: RewardTotals, unlocked: [String: Date]) -> [BadgeDefinition] {
        BadgeDefinition.starters.filter { unlocked[$0.id] == nil && totals.value(of: $0.measure) >= $0.threshold }
    }

    /// Every badge, unlocked ones first, then by name.
    public static func states(totals: RewardTotals, unlocked: [String: Date]) -> [BadgeState] {
        BadgeDefinition.starters.map {
            BadgeState(
                id: $0.id, name: $0.name, detail: $0.detail, unlockedAt: unlocked[$0.id],
                progress: min($0.threshold, totals.value(of: $0.measure)), threshold: $0.threshold
            )
        }
        .sorted { ($0.isUnlocked ? 0 : 1, $0.name) < ($1.isUnlocked ? 0 : 1, $1.name) }
    }
}
