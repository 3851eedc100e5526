import Foundation

/// A change to rewards: from the child's device behind the parent PIN, or from a parent's device through
/// the family sync. Redeeming is the child's own and needs no PIN.
public enum RewardsCommand: Codable, Hashable, Sendable {
    /// Marks `name` learning, reward or none (none removes the mark), with its rate for learning.
    case setProgram(String, category: ProgramCategory, rate: Int?)
    case setCap(Int)
    case setMode(EarningMode)
    /// Sets the daily quest, or removes it with nil.
    case setQuest(DailyQuest?)
    /// Spends points on reward time.
    case redeem(points: Int)
    /// A parent grants (+) or removes (−) points, with a reason.
    case adjust(points: Int, reason: String)

    /// Whether the command changes settings (and so needs the parent PIN on the child's device).
    public var isSetting: Bool {
        if case .redeem = self { return false }
        return true
    }

    /// What the command does, in a few words.
    public var summary: String {
        switch self {
        case .setProgram(let name, let category, let rate):
            "\(name) \(category.rawValue)" + (rate.map { ", \($0) points a minute" } ?? "")
        case .setCap(let cap): "daily cap \(cap) points a program"
        case .setMode(let mode): mode == .points ? "earn points at each program's rate" : "earn by ratio \(mode.text)"
        case .setQuest(let quest): quest.map { "quest \"\($0.title)\": \($0.targetMinutes) min, \($0.reward.text)" } ?? "no quest"
        case .redeem(let points): "redeem \(points) points"
        case .adjust(let points, let reason): "\(points > 0 ? "grant" : "remove") \(abs(points)) points: \(reason)"
        }
    }
}

/// What the rewards engine asks the agent to carry out, once its record is saved.
public enum RewardsEffect: Equatable, Sendable {
    /// Saves (inserts or replaces) a usage record.
    case saveUsage(UsageSession)
    /// Saves (inserts or replaces, by id) a ledger entry.
    case post(LedgerEntry)
    /// Closes these reward programs (empty: none).
    case shield([String])
    case notify(NotificationRequest)
    case withdraw(id: String)
    /// A quest completed or a badge unlocked: pages celebrate.
    case celebrate(String)
}

extension RewardsCommand {
    /// Checks what can be checked without the device's state (ranges, names, the quest's own values), so a
    /// parent learns of a bad value before sending it; the device checks the rest when it applies it.
    public func validateAlone() throws(RewardsInputError) {
        switch self {
        case .setProgram(let name, let category, let rate):
            var settings = RewardsSettings.defaults
            settings.programs = category == .none ? [] : [RewardProgram(name: name, category: category, rate: rate)]
            try RewardsSettings.checkName(name)
            try settings.validate()
        case .setCap(let cap):
            try RewardsSettings(dailyCap: cap).validate()
        case .setMode(let mode):
            try RewardsSettings(mode: mode).validate()
        case .setQuest(let quest):
            guard var quest else { return }
            quest.programs = []  // which programs are learning ones is the device's to say
            try quest.validate(programs: .defaults)
        case .redeem:
            return
        case .adjust(let points, let reason):
            guard points != 0, abs(points) <= RewardRules.maximumAdjustment else { throw .adjustmentOutOfRange(points) }
            guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .adjustmentWithoutReason }
        }
    }
}
