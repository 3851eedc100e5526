import Foundation

/// What was wrong with a rewards request; each case carries the facts and says what is allowed.
public enum RewardsInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A program name that is not a plain executable name.
    case malformedProgramName(String)
    /// A program that is not on the programs list.
    case unknownProgram(String)
    /// A program LockOut never closes, named as a reward program.
    case protectedRewardProgram(String, reason: ProtectionReason)
    /// A program marked both learning and reward.
    case learningAndReward(String)
    /// A program listed twice.
    case duplicateProgram(String)
    /// A rate outside its range.
    case rateOutOfRange(Int)
    /// A daily cap outside its range.
    case capOutOfRange(Int)
    /// A learning-to-reward ratio outside its range.
    case ratioOutOfRange(learning: Int, reward: Int)
    /// A redemption below the minimum.
    case redemptionBelowMinimum(points: Int)
    /// A redemption above the maximum.
    case redemptionAboveMaximum(points: Int)
    /// A redemption that is not whole minutes of reward time.
    case redemptionNotWholeMinutes(points: Int)
    /// A redemption larger than the balance.
    case notEnoughPoints(asked: Int, balance: Int)
    /// A redemption that would take the open reward time past its cap.
    case rewardTimeCapReached(minutesLeft: Int, fitsPoints: Int)
    /// An adjustment of no points, beyond what a parent may grant or remove at once, or without a reason.
    case adjustmentOutOfRange(Int)
    case adjustmentWithoutReason
    /// An adjustment that would take the balance below zero.
    case adjustmentBelowZero(points: Int, balance: Int)
    /// A quest target outside its range.
    case questTargetOutOfRange(Int)
    /// A quest's reward outside its range.
    case questRewardOutOfRange(Int)
    /// A quest limited to programs that are not learning programs.
    case questProgramNotLearning(String)
    /// A quest given neither its minutes nor a template.
    case questNeedsTarget
    /// A quest counting that is neither combined nor per-program.
    case unknownQuestCounting(String)
    /// A quest given both reward minutes and bonus points.
    case questRewardTwice
    /// A quest template nobody knows.
    case unknownQuestTemplate(String)
    /// A PIN that is not exactly four digits.
    case pinNotFourDigits
    /// A PIN that is too easy to guess.
    case weakPIN(String)
    /// No parent PIN yet: rewards settings need one first.
    case pinNotSet
    /// A PIN set already: change it with the old one.
    case pinAlreadySet
    /// A wrong PIN, with the tries left before a wait.
    case wrongPIN(triesBeforeWait: Int)
    /// Too many wrong PINs: wait this long.
    case pinLockedOut(secondsLeft: Int)

    /// The message a person reads, saying what is allowed.
    public var description: String {
        switch self {
        case .malformedProgramName(let name):
            "'\(name)' is not a program name: use the executable's plain name, like gcompris"
        case .unknownProgram(let name):
            "unknown program '\(name)': mark it first with lockout rewards program set \(name) learning|reward"
        case .protectedRewardProgram(let name, let reason):
            "\(name) can't be a reward program, LockOut never closes it: \(reason)"
        case .learningAndReward(let name):
            "\(name) is marked both learning and reward: a program is one or the other"
        case .duplicateProgram(let name):
            "\(name) is listed twice: list each program once"
        case .rateOutOfRange(let rate):
            "a rate of \(rate) points a minute is out of range: allowed \(RewardRules.rateRange.lowerBound)...\(RewardRules.rateRange.upperBound)"
        case .capOutOfRange(let cap):
            "a daily cap of \(cap) points is out of range: allowed \(RewardRules.capRange.lowerBound)...\(RewardRules.capRange.upperBound)"
        case .ratioOutOfRange(let learning, let reward):
            "a ratio of \(learning):\(reward) is out of range: learning 1...240 minutes earns reward 1...240 minutes"
        case .redemptionBelowMinimum(let points):
            "\(points) points is below the minimum: redeem at least \(RewardRules.minimumRedemption) points"
        case .redemptionAboveMaximum(let points):
            "\(points) points is above the maximum: redeem at most \(RewardRules.maximumRedemption) points at once"
        case .redemptionNotWholeMinutes(let points):
            "\(points) points is not whole minutes: \(RewardRules.pointsPerRewardMinute) points buy one minute, so redeem \(points / RewardRules.pointsPerRewardMinute * RewardRules.pointsPerRewardMinute) or \((points / RewardRules.pointsPerRewardMinute + 1) * RewardRules.pointsPerRewardMinute)"
        case .notEnoughPoints(let asked, let balance):
            "not enough points: \(asked) asked, \(balance) in the balance"
        case .rewardTimeCapReached(let minutesLeft, let fitsPoints):
            fitsPoints >= RewardRules.minimumRedemption
                ? "reward time is capped at \(RewardRules.maximumWindowMinutes) minutes and \(minutesLeft) are left: redeem at most \(fitsPoints) points now"
                : "reward time is capped at \(RewardRules.maximumWindowMinutes) minutes and \(minutesLeft) are left: redeem again when less is left"
        case .adjustmentOutOfRange(let points):
            "an adjustment of \(points) points is out of range: grant or remove 1...\(RewardRules.maximumAdjustment) points"
        case .adjustmentWithoutReason:
            "an adjustment needs a reason the child can read"
        case .adjustmentBelowZero(let points, let balance):
            "removing \(-points) points would take the balance of \(balance) below zero"
        case .questTargetOutOfRange(let minutes):
            "a quest of \(minutes) minutes is out of range: allowed \(DailyQuest.targetRange.lowerBound)...\(DailyQuest.targetRange.upperBound) minutes"
        case .questRewardOutOfRange(let value):
            "a quest reward of \(value) is out of range: 1...\(RewardRules.maximumWindowMinutes) reward minutes or 1...\(RewardRules.maximumAdjustment) points"
        case .questProgramNotLearning(let name):
            "\(name) is not a learning program: a quest counts learning programs only"
        case .questNeedsTarget:
            "give the quest's learning minutes, or a template: \(QuestTemplate.all.map(\.id).joined(separator: ", "))"
        case .unknownQuestCounting(let text):
            "unknown counting '\(text)': use combined or per-program"
        case .questRewardTwice:
            "a quest grants reward minutes or bonus points, not both"
        case .unknownQuestTemplate(let name):
            "unknown quest template '\(name)': use \(QuestTemplate.all.map(\.id).joined(separator: ", "))"
        case .pinNotFourDigits:
            "a parent PIN is exactly 4 digits"
        case .weakPIN(let why):
            "that PIN is too easy to guess (\(why)): choose 4 digits that are not all the same and not a run like 1234 or 4321"
        case .pinNotSet:
            "rewards settings need a parent PIN first: lockout rewards pin set"
        case .pinAlreadySet:
            "a parent PIN is set already: change it with lockout rewards pin change"
        case .wrongPIN(let tries):
            tries > 0 ? "wrong PIN: \(tries) more tries before a wait" : "wrong PIN"
        case .pinLockedOut(let seconds):
            "too many wrong PINs: try again in \(seconds >= 60 ? "\((seconds + 59) / 60) min" : "\(seconds) s")"
        }
    }
}
