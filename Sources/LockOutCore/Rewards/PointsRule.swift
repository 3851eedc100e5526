import Foundation

/// How active learning time becomes points (pure).
public enum PointsRule {
    /// The streak multiplier: 1 % a day of streak, at most 30 %.
    public static func multiplier(streakDays: Int) -> Double {
        min(0.01 * Double(max(0, streakDays)), 0.30)
    }

    /// The points a program earns for a day of `activeSeconds` of use.
    ///
    /// Only whole minutes count. In `points` mode each minute earns the program's rate; in `ratio` mode every
    /// `learning` whole minutes earn `reward` minutes of reward time, as points at 10 a minute (for one program
    /// alone: the engine adds the minutes of every learning program up, see `RatioProgress`). The streak
    /// multiplier adds its share (rounded down), and the day's cap bounds the total. Never negative.
    public static func dayPoints(
        activeSeconds: Int, rate: Int, mode: EarningMode, streakDays: Int, cap: Int
    ) -> Int {
        let minutes = max(0, activeSeconds) / 60
        let base: Int
        switch mode {
        case .points:
            base = minutes * max(0, rate)
        case .ratio(let learning, let reward):
            base = minutes / max(1, learning) * blockPoints(reward: reward)
        }
        return withBonus(base: base, streakDays: streakDays, cap: cap)
    }

    /// `base` points with the streak multiplier's share added (rounded down), bounded by the day's cap; never negative.
    public static func withBonus(base: Int, streakDays: Int, cap: Int) -> Int {
        // In whole percent, so the share is exact: 100 points at 29 days earn 29, not 28.999… → 28.
        let bonus = base * Int((multiplier(streakDays: streakDays) * 100).rounded()) / 100
        return max(0, min(cap, base + bonus))
    }

    /// The points of one completed ratio block: its `reward` minutes of reward time at 10 points a minute.
    public static func blockPoints(reward: Int) -> Int {
        max(0, reward) * RewardRules.pointsPerRewardMinute
    }
}

/// Levels from the total points ever earned: level n starts at 50 × n × (n − 1) points, so level 2 takes
/// 100 points, level 3 another 200, level 4 another 300: each level takes 100 points more than the last.
public struct RewardLevel: Hashable, Sendable, Codable {
    public let level: Int
    /// Total points at which this level started.
    public let floor: Int
    /// Total points at which the next level starts.
    public let next: Int

    /// The total points at which `level` starts.
    public static func threshold(_ level: Int) -> Int { 50 * level * (level - 1) }

    /// The level of `totalEarned` points.
    public init(totalEarned: Int) {
        var level = 1
        while Self.threshold(level + 1) <= max(0, totalEarned) { level += 1 }
        self.level = level
        floor = Self.threshold(level)
        next = Self.threshold(level + 1)
    }
}

/// The ratio mode's day so far: the learning seconds of every program add up, and each block of `learning`
/// minutes they complete goes to the program whose time completed it.
///
/// A partial block earns nothing yet; its seconds carry over to the next block, whichever learning program
/// adds them. So 45 minutes in one program and 45 in another complete three 30-minute blocks, as 90 minutes
/// in one would.
public struct RatioProgress: Codable, Hashable, Sendable {
    /// Completed blocks credited to each program today.
    public private(set) var blocks: [String: Int] = [:]
    /// Learning seconds of today not yet part of a completed block.
    public private(set) var carriedSeconds = 0

    public init() {}

    /// Adds `seconds` of `program`'s learning time; answers how many blocks of `learning` minutes they completed.
    @discardableResult
    public mutating func add(_ seconds: Int, of program: String, learning: Int) -> Int {
        guard seconds > 0 else { return 0 }
        let blockSeconds = max(1, learning) * 60
        carriedSeconds += seconds
        let completed = carriedSeconds / blockSeconds
        carriedSeconds -= completed * blockSeconds
        if completed > 0 { blocks[program, default: 0] += completed }
        return completed
    }
}
