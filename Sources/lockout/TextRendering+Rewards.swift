import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime

extension TextRendering {
    /// `lockout rewards status`.
    static func rewards(_ screen: RewardsScreen) -> String {
        var lines: [String] = []
        let level = screen.level
        lines.append("Balance: \(screen.balance) points (level \(level.level): \(screen.totalEarned - level.floor) of \(level.next - level.floor) to level \(level.level + 1))")
        lines.append("Today: \(screen.pointsToday) points earned (at most \(screen.dailyCap) from each program); earning \(earning(screen.mode))")
        if screen.rewardSecondsLeft > 0 {
            lines.append("Reward time: \(screen.rewardTimeText) left")
        } else if screen.canRedeem {
            lines.append("Reward time: none open; redeem \(RewardRules.minimumRedemption)-\(screen.maximumRedemptionNow) points (10 points a minute)")
        } else {
            lines.append("Reward time: none open; \(RewardRules.minimumRedemption) points open \(RewardRules.minimumRedemption / RewardRules.pointsPerRewardMinute) minutes")
        }
        lines.append(quest(screen))
        let streak = screen.streak
        var streakLine = "Streak: \(streak.days) day\(streak.days == 1 ? "" : "s") (longest \(streak.longest))"
        if streak.bonusPercent > 0 { streakLine += ", +\(streak.bonusPercent) % points" }
        if streak.atRisk { streakLine += "; at risk: complete today's quest to keep it" }
        lines.append(streakLine)
        lines.append("Badges: \(screen.badges.filter(\.isUnlocked).count) of \(screen.badges.count) unlocked")
        lines.append("Measuring: \(screen.method ?? "only while the agent runs (lockout run)")")
        if !screen.pinSet { lines.append("No parent PIN yet: lockout rewards pin set") }
        return lines.joined(separator: "\n")
    }

    static func earning(_ mode: EarningMode) -> String {
        switch mode {
        case .points: "points at each program's rate"
        case .ratio(let learning, let reward): "\(reward) min of reward time for every \(learning) min of learning"
        }
    }

    static func quest(_ screen: RewardsScreen) -> String {
        guard let progress = screen.quest else { return "Quest: none set" }
        return "Quest: \(progress.quest.title): \(progress.text)"
    }

    /// `lockout rewards programs`.
    static func rewardPrograms(_ screen: RewardsScreen) -> String {
        let marked = screen.programs.filter { $0.category != .none }
        guard !marked.isEmpty else { return "No programs marked: lockout rewards program set NAME learning|reward" }
        return marked.map { row in
            switch row.category {
            case .learning:
                "\(row.program): learning, \(row.rate ?? RewardRules.defaultRate) points a minute; today \(row.minutes) min, \(row.points) points; balance \(row.balance)"
            case .reward, .none:
                "\(row.program): reward; today \(row.minutes) min"
            }
        }.joined(separator: "\n")
    }

    /// `lockout rewards badges`.
    static func badges(_ badges: [BadgeState]) -> String {
        badges.map { badge in
            badge.isUnlocked
                ? "[x] \(badge.name): \(badge.detail)"
                : "[ ] \(badge.name): \(badge.detail) (\(badge.progress) of \(badge.threshold))"
        }.joined(separator: "\n")
    }

    /// `lockout rewards history`.
    static func rewardsHistory(_ history: RewardsHistory, calendar: Calendar) -> String {
        var lines = ["Points:"]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = calendar.timeZone
        if history.ledger.isEmpty { lines.append("  none yet") }
        for entry in history.ledger {
            let sign = entry.points > 0 ? "+" : ""
            let source = entry.program.map { " (\($0))" } ?? ""
            let reason = entry.reason.isEmpty ? entry.kind.rawValue : entry.reason
            lines.append("  \(formatter.string(from: entry.at))  \(sign)\(entry.points)  \(entry.kind.rawValue): \(reason)\(source)")
        }
        lines.append("Usage:")
        if history.usage.isEmpty { lines.append("  none yet") }
        for session in history.usage.reversed() {
            lines.append("  \(formatter.string(from: session.start))  \(session.program) (\(session.category.rawValue)) \(session.activeSeconds / 60) min active of \(Int(session.end.timeIntervalSince(session.start)) / 60)")
        }
        return lines.joined(separator: "\n")
    }
}
