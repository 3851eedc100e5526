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
