import Foundation

/// What moved points.
public enum LedgerKind: String, Codable, Hashable, Sendable {
    /// Earned by learning time (one entry a program and day, growing as the day goes), a quest or a streak milestone.
    case accrual
    /// Spent on reward time.
    case redemption
    /// Granted or removed by a parent, with a reason.
    case adjustment
}

/// One movement of points: positive earns, negative spends.
public struct LedgerEntry: Codable, Hashable, Sendable, Identifiable {
    public let id: UUID
    public let kind: LedgerKind
    public var points: Int
    /// The program the points belong to; nil for the unattributed balance.
    public let program: String?
    public let day: LocalDate
    public var at: Date
    /// Why: "learning", "quest", "streak 7 days", a parent's reason, "12 min of reward time".
    public let reason: String

    public init(id: UUID, kind: LedgerKind, points: Int, program: String?, day: LocalDate, at: Date, reason: String) {
        self.id = id
        self.kind = kind
        self.points = points
        self.program = program
        self.day = day
        self.at = at
        self.reason = reason
    }
}

/// Balances: the sum of the ledger, overall and by program (nil: unattributed).
public struct PointBalances: Codable, Hashable, Sendable {
    public private(set) var byProgram: [String: Int]
    public private(set) var unattributed: Int

    public init(byProgram: [String: Int] = [:], unattributed: Int = 0) {
        self.byProgram = byProgram
        self.unattributed = unattributed
    }

    /// The balances of `entries`.
    public init(entries: [LedgerEntry]) {
        self.init()
        for entry in entries { post(entry) }
    }

    /// The whole balance.
    public var total: Int { byProgram.values.reduce(unattributed, +) }

    /// Adds `entry`.
    public mutating func post(_ entry: LedgerEntry) {
        add(entry.points, to: entry.program)
    }

    /// Adds `points` (negative: takes them) to `program`'s balance, or the unattributed one when nil.
    public mutating func add(_ points: Int, to program: String?) {
        if let program {
            byProgram[program, default: 0] += points
            if byProgram[program] == 0 { byProgram[program] = nil }
        } else {
            unattributed += points
        }
    }

    /// Where `points` are drawn from: per-program balances largest first (ties by name), then the unattributed
    /// balance. Nil when the balance is short.
    public func draw(_ points: Int) -> [(program: String?, points: Int)]? {
        guard points <= total else { return nil }
        var left = points
        var parts: [(program: String?, points: Int)] = []
        let ordered = byProgram.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (program, balance) in ordered where left > 0 {
            let taken = min(balance, left)
            parts.append((program, taken))
            left -= taken
        }
        if left > 0 {
            guard unattributed >= left else { return nil }
            parts.append((nil, left))
        }
        return parts
    }
}

/// Reward time: while open, reward programs are allowed.
public struct RewardWindow: Codable, Hashable, Sendable {
    public let openedAt: Date
    public var endsAt: Date

    public init(openedAt: Date, endsAt: Date) {
        self.openedAt = openedAt
        self.endsAt = endsAt
    }

    /// Seconds left at `now`, never negative.
    public func secondsLeft(at now: Date) -> TimeInterval { max(0, endsAt.timeIntervalSince(now)) }

    /// Whether reward programs are allowed at `now`.
    public func isOpen(at now: Date) -> Bool { endsAt > now }

    /// When the one-minute notice is due.
    public var noticeAt: Date { endsAt.addingTimeInterval(-RewardRules.endingNotice) }

    /// `window` (nil or ended: a new one from `now`) extended by `minutes`, with at most the cap left.
    public static func extending(_ window: RewardWindow?, by minutes: Int, now: Date) -> RewardWindow {
        let base = window.flatMap { $0.isOpen(at: now) ? $0 : nil } ?? RewardWindow(openedAt: now, endsAt: now)
        let cap = now.addingTimeInterval(TimeInterval(RewardRules.maximumWindowMinutes * 60))
        return RewardWindow(openedAt: base.openedAt, endsAt: min(cap, base.endsAt.addingTimeInterval(TimeInterval(minutes * 60))))
    }
}

/// A redemption's check (pure): refusals in the seed's order, below minimum, above maximum, not enough
/// points; then whole minutes and the reward-time cap.
public enum Redemption {
    /// The minutes `points` buy, or the refusal.
    public static func check(points: Int, balance: Int, window: RewardWindow?, now: Date) throws(RewardsInputError) -> Int {
        guard points >= RewardRules.minimumRedemption else { throw .redemptionBelowMinimum(points: points) }
        guard points <= RewardRules.maximumRedemption else { throw .redemptionAboveMaximum(points: points) }
        guard points <= balance else { throw .notEnoughPoints(asked: points, balance: balance) }
        guard points % RewardRules.pointsPerRewardMinute == 0 else { throw .redemptionNotWholeMinutes(points: points) }
        let minutes = points / RewardRules.pointsPerRewardMinute
        let leftSeconds = window?.secondsLeft(at: now) ?? 0
        let room = RewardRules.maximumWindowMinutes * 60 - Int(leftSeconds.rounded(.up))
        guard minutes * 60 <= room else {
            let fits = max(0, room / 60) * RewardRules.pointsPerRewardMinute
            throw .rewardTimeCapReached(minutesLeft: Int((leftSeconds / 60).rounded(.up)), fitsPoints: fits)
        }
        return minutes
    }
}
