import Foundation

/// The constants of the rewards rules (seed 002's ScreenTimeRewards), in one place.
public enum RewardRules {
    /// Points a minute of a learning program earns unless its own rate says otherwise.
    public static let defaultRate = 10
    /// The rates a parent may set for a program.
    public static let rateRange = 1...100
    /// At most this many points from one program in one day, unless the parent sets another cap.
    public static let defaultDailyCap = 600
    /// The caps a parent may set.
    public static let capRange = 10...10_000
    /// Idle longer than this stops counting: the first 180 s of a pause still count (reading, thinking).
    public static let idleTimeout: TimeInterval = 180
    /// Points that buy one minute of reward time.
    public static let pointsPerRewardMinute = 10
    /// The smallest redemption.
    public static let minimumRedemption = 30
    /// The largest redemption at once.
    public static let maximumRedemption = 600
    /// Reward time left never exceeds this.
    public static let maximumWindowMinutes = 120
    /// The notice before reward time ends.
    public static let endingNotice: TimeInterval = 60
    /// The most points a parent grants or removes at once.
    public static let maximumAdjustment = 10_000
    /// The bonus a streak milestone (every 7 days) grants.
    public static let milestoneBonus = 100
    /// A milestone every this many days.
    public static let milestoneEvery = 7
}

/// What a program counts as.
public enum ProgramCategory: String, Codable, Hashable, Sendable, CaseIterable {
    /// Its active time earns points.
    case learning
    /// Closed by the shield unless reward time is open.
    case reward
    /// Neither: measured, nothing more.
    case none
}

/// A program a parent marked, by its executable name.
public struct RewardProgram: Codable, Hashable, Sendable {
    public var name: String
    public var category: ProgramCategory
    /// Points a minute for a learning program; nil for the default.
    public var rate: Int?

    public init(name: String, category: ProgramCategory, rate: Int? = nil) {
        self.name = name
        self.category = category
        self.rate = rate
    }

    /// The rate in force.
    public var effectiveRate: Int { rate ?? RewardRules.defaultRate }
}

/// How learning time turns into reward: points at a rate, or a learning-to-reward ratio of minutes.
public enum EarningMode: Codable, Hashable, Sendable {
    /// Each program's rate in points a minute.
    case points
    /// Every `learning` whole minutes earn `reward` minutes of reward time (as its points: 10 a minute).
    case ratio(learning: Int, reward: Int)

    /// The default ratio, 30 minutes for 30.
    public static let defaultRatio = EarningMode.ratio(learning: 30, reward: 30)
    /// The ratios a parent picks from.
    public static let ratioPresets: [EarningMode] = [
        .ratio(learning: 30, reward: 30), .ratio(learning: 60, reward: 60), .ratio(learning: 60, reward: 30),
        .ratio(learning: 60, reward: 20), .ratio(learning: 60, reward: 15),
    ]
    /// The minutes a ratio's sides may have.
    public static let ratioRange = 1...240

    /// Parses `points` or a ratio like `60:30`.
    public init?(text: String) {
        if text == "points" {
            self = .points
            return
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let learning = Int(parts[0]), let reward = Int(parts[1]) else { return nil }
        self = .ratio(learning: learning, reward: reward)
    }

    /// `points` or `60:30`.
    public var text: String {
        switch self {
        case .points: "points"
        case .ratio(let learning, let reward): "\(learning):\(reward)"
        }
    }
}

/// What a parent set for rewards on a child's device.
public struct RewardsSettings: Codable, Hashable, Sendable {
    /// The marked programs, by name.
    public var programs: [RewardProgram]
    /// At most this many points from one program a day.
    public var dailyCap: Int
    public var mode: EarningMode
    /// Today's quest, when the parent set one.
    public var quest: DailyQuest?

    public init(programs: [RewardProgram] = [], dailyCap: Int = RewardRules.defaultDailyCap, mode: EarningMode = .points, quest: DailyQuest? = nil) {
        self.programs = programs
        self.dailyCap = dailyCap
        self.mode = mode
        self.quest = quest
    }

    public static let defaults = RewardsSettings()

    /// The program named `name`, if marked.
    public func program(_ name: String) -> RewardProgram? {
        programs.first { $0.name == name }
    }

    /// The category of `name`: `none` when unmarked.
    public func category(of name: String) -> ProgramCategory {
        program(name)?.category ?? .none
    }

    /// The learning programs' names.
    public var learningPrograms: [String] { programs.filter { $0.category == .learning }.map(\.name) }
    /// The reward programs' names.
    public var rewardPrograms: [String] { programs.filter { $0.category == .reward }.map(\.name) }

    /// Throws `.malformedProgramName` for anything but a plain executable name.
    public static func checkName(_ name: String) throws(RewardsInputError) {
        do {
            try ShieldPolicy.check(name, protection: ShieldProtection(systemPrograms: [:]))
        } catch .malformedAppName {
            throw .malformedProgramName(name)
        } catch {
            return  // protected names may be learning programs; reward programs are checked on their own
        }
    }

    /// Checks every rule: plain names, no program twice (a program both learning and reward is named),
    /// rates, the cap and the ratio in range, no protected program as a reward program, and a quest over
    /// learning programs.
    public func validate(protection: ShieldProtection = .catalog) throws(RewardsInputError) {
        var seen: [String: ProgramCategory] = [:]
        for program in programs {
            try Self.checkName(program.name)
            if let earlier = seen[program.name] {
                throw earlier == program.category ? .duplicateProgram(program.name) : .learningAndReward(program.name)
            }
            seen[program.name] = program.category
            if let rate = program.rate, !RewardRules.rateRange.contains(rate) { throw .rateOutOfRange(rate) }
            if program.category == .reward, let reason = protection.reason(for: program.name) {
                throw .protectedRewardProgram(program.name, reason: reason)
            }
        }
        guard RewardRules.capRange.contains(dailyCap) else { throw .capOutOfRange(dailyCap) }
        if case .ratio(let learning, let reward) = mode,
           !EarningMode.ratioRange.contains(learning) || !EarningMode.ratioRange.contains(reward) {
            throw .ratioOutOfRange(learning: learning, reward: reward)
        }
        if let quest { try quest.validate(programs: self) }
    }
}
