import Foundation

/// Everything rewards keep between runs besides the ledger and usage rows.
public struct RewardsRecord: Codable, Hashable, Sendable {
    /// The local day the daily counters are about.
    public var day: LocalDate
    /// Today's active seconds by program (every marked program used).
    public var programSeconds: [String: Int] = [:]
    /// Today's active learning seconds by program.
    public var learningSeconds: [String: Int] = [:]
    /// Today's active reward-program seconds.
    public var rewardSeconds = 0
    /// Today's learning points by program, and the ledger entry that holds them.
    public var accrued: [String: Int] = [:]
    public var accrualEntries: [String: UUID] = [:]
    /// Every point earned today (learning, quest bonus, milestone).
    public var pointsToday = 0
    /// When today's quest completed.
    public var questCompletedAt: Date?
    /// Seconds already counted of today's usage records, by record.
    public var countedSessions: [UUID: Int] = [:]
    /// The parent's commands applied lately, newest last (at most `RewardsEngine.rememberedCommands`): saved in
    /// the same transaction as what each did, so a command applied again after a crash changes nothing. Nil on a
    /// record from before they were kept.
    public var appliedCommands: [UUID]?
    /// Today's learning time in the ratio mode: blocks completed and the seconds carried to the next; nil on a
    /// record from before the ratio added the programs up, and until the ratio mode counts a second.
    public var ratio: RatioProgress?
    public var window: RewardWindow?
    public var noticeShown = false
    public var streak = StreakRecord()
    public var totals = RewardTotals()
    /// Unlocked badges and when.
    public var badges: [String: Date] = [:]
    public var balances = PointBalances()
    /// The parent PIN's salted hash, as the agent wrote it; nil until set.
    public var pinHash: String?
    public var pinAttempts = PINAttempts()

    public init(day: LocalDate) {
        self.day = day
    }
}

/// The rewards engine (pure): usage in, points, quests, streaks, badges and reward time out, as effects.
public struct RewardsEngine: Sendable {
    public static let noticeID = "rewards-ending"
    public static let eventID = "rewards-event"
    /// Reward time that ended at most this long ago is told as over; earlier, it is gone without a word.
    public static let lateEndTold: TimeInterval = 5 * 60
    /// How many of a parent's applied commands the record remembers: only the newest can be applied again
    /// (a crash between applying it and acknowledging it), so a few are plenty.
    public static let rememberedCommands = 64

    public private(set) var record: RewardsRecord
    public private(set) var settings: RewardsSettings
    public let calendar: Calendar

    public init(record: RewardsRecord, settings: RewardsSettings, calendar: Calendar) {
        self.record = record
        self.settings = settings
        self.calendar = calendar
    }

    // MARK: - Reading

    /// Whether reward programs are allowed at `now`.
    public func rewardTimeOpen(at now: Date) -> Bool { record.window?.isOpen(at: now) ?? false }

    /// The reward programs the shield closes at `now`.
    public func shieldedPrograms(at now: Date) -> [String] {
        rewardTimeOpen(at: now) ? [] : settings.rewardPrograms.sorted()
    }

    /// The next moment the engine has something to do: the one-minute notice, then the end of reward time.
    public func nextDeadline(now: Date) -> Date? {
        guard let window = record.window else { return nil }
        return record.noticeShown || window.noticeAt <= window.openedAt ? window.endsAt : window.noticeAt
    }

    /// The streak's days as they stand at `now`.
    public func streakDays(at now: Date) -> Int { record.streak.days(on: LocalDate(now, in: calendar), calendar: calendar) }

    // MARK: - Commands

    /// Carries out `command` at `now`; settings are checked whole before anything changes.
    ///
    /// A parent's command carries its `commandID`: one already applied does nothing, and the ledger entries it
    /// posts take ids derived from it (the first is the command's own id), so the ledger tells which command
    /// moved which points.
    public mutating func execute(
        _ command: RewardsCommand, now: Date, protection: ShieldProtection = .catalog, commandID: UUID? = nil, newID: () -> UUID
    ) throws(RewardsInputError) -> [RewardsEffect] {
        if let commandID {
            if record.appliedCommands?.contains(commandID) == true { return [] }
            var derived = CommandEntryIDs(commandID)
            let effects = try execute(command, now: now, protection: protection, newID: { derived.next() })
            record.appliedCommands = Array(((record.appliedCommands ?? []) + [commandID]).suffix(Self.rememberedCommands))
            return effects
        }
        var effects = roll(to: now)
        switch command {
        case .setProgram(let name, let category, let rate):
            try RewardsSettings.checkName(name)
            var next = settings
            next.programs.removeAll { $0.name == name }
            if category != .none {
                next.programs.append(RewardProgram(name: name, category: category, rate: category == .learning ? rate : nil))
                next.programs.sort { $0.name < $1.name }
            } else if settings.program(name) == nil {
                throw .unknownProgram(name)
            }
            if category != .learning, var quest = next.quest, quest.programs.contains(name) {
                quest.programs.removeAll { $0 == name }
                next.quest = quest
            }
            try next.validate(protection: protection)
            settings = next
            effects.append(.shield(shieldedPrograms(at: now)))
        case .setCap(let cap):
            var next = settings
            next.dailyCap = cap
            try next.validate(protection: protection)
            settings = next
        case .setMode(let mode):
            var next = settings
            next.mode = mode
            try next.validate(protection: protection)
            settings = next
        case .setQuest(let quest):
            var next = settings
            next.quest = quest
            try next.validate(protection: protection)
            settings = next
            effects += completeQuestIfReached(now: now, newID: newID)
        case .redeem(let points):
            let minutes = try Redemption.check(points: points, balance: record.balances.total, window: record.window, now: now)
            effects += spend(points, kind: .redemption, reason: "\(minutes) min of reward time", now: now, newID: newID)
            effects += open(minutes: minutes, now: now)
        case .adjust(let points, let reason):
            let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            guard points != 0, abs(points) <= RewardRules.maximumAdjustment else { throw .adjustmentOutOfRange(points) }
            guard !reason.isEmpty else { throw .adjustmentWithoutReason }
            if points < 0 {
                guard record.balances.total + points >= 0 else { throw .adjustmentBelowZero(points: points, balance: record.balances.total) }
                effects += spend(-points, kind: .adjustment, reason: reason, now: now, newID: newID)
            } else {
                effects += earn(points, program: nil, kind: .adjustment, reason: reason, now: now, newID: newID, countsAsEarned: false)
            }
        }
        return effects
    }

    /// Sets the stored PIN hash (the agent hashed it) and clears wrong tries.
    public mutating func setPINHash(_ hash: String) {
        record.pinHash = hash
        record.pinAttempts.recordRight()
    }

    /// Records the outcome of a PIN check: throws what to tell on a wrong one.
    public mutating func recordPIN(right: Bool, now: Date) throws(RewardsInputError) {
        if right {
            record.pinAttempts.recordRight()
        } else {
            throw record.pinAttempts.recordWrong(now: now)
        }
    }

    // MARK: - Usage and time

    /// Takes the latest state of a usage record: counts its new active seconds, earns points for learning,
    /// moves the quest, the streak and the badges.
    /// A record counts on its own day even when written once that day has ended (closed at midnight, read
    /// just after), so its seconds are counted once; then the day moves on to `now`.
    public mutating func recordUsage(_ usage: UsageSession, now: Date, newID: () -> UUID) -> [RewardsEffect] {
        var effects = roll(toDay: usage.day(in: calendar))
        effects.append(.saveUsage(usage))
        effects += count(usage, now: now, newID: newID)
        return effects + roll(to: max(now, usage.end))
    }

    private mutating func count(_ usage: UsageSession, now: Date, newID: () -> UUID) -> [RewardsEffect] {
        var effects: [RewardsEffect] = []
        guard usage.day(in: calendar) == record.day else { return effects }  // a late write of an earlier day
        let delta = usage.activeSeconds - record.countedSessions[usage.id, default: 0]
        guard delta > 0 else { return effects }
        record.countedSessions[usage.id] = usage.activeSeconds
        record.programSeconds[usage.program, default: 0] += delta
        switch usage.category {
        case .learning:
            record.learningSeconds[usage.program, default: 0] += delta
            record.totals.learningSeconds += delta
            if case .ratio(let learning, _) = settings.mode {
                var ratio = record.ratio ?? RatioProgress()
                ratio.add(delta, of: usage.program, learning: learning)
                record.ratio = ratio
            }
            effects += accrue(usage.program, now: now, newID: newID)
            effects += completeQuestIfReached(now: now, newID: newID)
        case .reward:
            record.rewardSeconds += delta
        case .none:
            break
        }
        return effects
    }

    /// Brings a restored engine up to `now` when an agent starts: reward time that ended while no agent ran
    /// closes without a word (however shortly before), then time moves on as `tick` moves it.
    public mutating func resume(now: Date) -> [RewardsEffect] {
        var effects = roll(to: now)
        if let window = record.window, !window.isOpen(at: now) {
            record.window = nil
            record.noticeShown = false
            effects.append(.withdraw(id: Self.noticeID))
            effects.append(.shield(shieldedPrograms(at: now)))
        }
        return effects + tick(now: now)
    }

    /// Moves time on: a new day resets the daily counters; the one-minute notice; the end of reward time.
    public mutating func tick(now: Date) -> [RewardsEffect] {
        var effects = roll(to: now)
        guard let window = record.window else { return effects }
        if !window.isOpen(at: now) {
            record.window = nil
            record.noticeShown = false
            effects.append(.withdraw(id: Self.noticeID))
            effects.append(.shield(shieldedPrograms(at: now)))
            // Told when it happens, or soon after a late wake (a suspended machine); one that ended long ago
            // is simply gone. One that ended while no agent ran never reaches here: `resume` closes it.
            guard now.timeIntervalSince(window.endsAt) <= Self.lateEndTold else { return effects }
            effects.append(.notify(NotificationRequest(
                id: Self.noticeID, title: "Reward time is over",
                body: "Reward programs are closed again. Learn to earn more points.",
                category: "REWARDS_CATEGORY", actions: []
            )))
        } else if !record.noticeShown, now >= window.noticeAt {
            record.noticeShown = true
            effects.append(.notify(NotificationRequest(
                id: Self.noticeID, title: "Reward time ends in 1 minute",
                body: "Save what you are doing: reward programs close at the end of the minute.",
                category: "REWARDS_CATEGORY", actions: []
            )))
        }
        return effects
    }

    // MARK: - Private

    /// Starts a new day's counters when `now` is on a later day.
    private mutating func roll(to now: Date) -> [RewardsEffect] {
        roll(toDay: LocalDate(now, in: calendar))
    }

    private mutating func roll(toDay today: LocalDate) -> [RewardsEffect] {
        guard today > record.day else { return [] }
        record.day = today
        record.programSeconds = [:]
        record.learningSeconds = [:]
        record.rewardSeconds = 0
        record.accrued = [:]
        record.accrualEntries = [:]
        record.pointsToday = 0
        record.questCompletedAt = nil
        record.countedSessions = [:]
        record.ratio = nil
        return []
    }

    /// Raises `program`'s learning entry of today to what its seconds earn now.
    private mutating func accrue(_ program: String, now: Date, newID: () -> UUID) -> [RewardsEffect] {
        let streakDays = record.streak.days(on: record.day, calendar: calendar)
        let target: Int
        switch settings.mode {
        case .points:
            target = PointsRule.dayPoints(
                activeSeconds: record.learningSeconds[program, default: 0], rate: settings.program(program)?.effectiveRate ?? RewardRules.defaultRate,
                mode: .points, streakDays: streakDays, cap: settings.dailyCap
            )
        case .ratio(_, let reward):
            // The blocks this program completed of the day's combined learning time.
            let blocks = record.ratio?.blocks[program] ?? 0
            target = PointsRule.withBonus(base: blocks * PointsRule.blockPoints(reward: reward), streakDays: streakDays, cap: settings.dailyCap)
        }
        let already = record.accrued[program, default: 0]
        guard target > already else { return [] }
        let id = record.accrualEntries[program] ?? newID()
        record.accrualEntries[program] = id
        record.accrued[program] = target
        record.balances.add(target - already, to: program)
        record.totals.pointsEarned += target - already
        record.pointsToday += target - already
        var effects: [RewardsEffect] = [.post(LedgerEntry(id: id, kind: .accrual, points: target, program: program, day: record.day, at: now, reason: "learning"))]
        effects += unlockBadges(now: now)
        return effects
    }

    private mutating func earn(
        _ points: Int, program: String?, kind: LedgerKind, reason: String, now: Date, newID: () -> UUID, countsAsEarned: Bool = true
    ) -> [RewardsEffect] {
        let entry = LedgerEntry(id: newID(), kind: kind, points: points, program: program, day: record.day, at: now, reason: reason)
        record.balances.post(entry)
        if countsAsEarned {
            record.totals.pointsEarned += points
            record.pointsToday += points
        }
        return [.post(entry)] + unlockBadges(now: now)
    }

    /// Draws `points` from the balances, largest program first, as one entry per balance drawn.
    private mutating func spend(_ points: Int, kind: LedgerKind, reason: String, now: Date, newID: () -> UUID) -> [RewardsEffect] {
        guard let parts = record.balances.draw(points) else { return [] }
        return parts.map { part in
            let entry = LedgerEntry(id: newID(), kind: kind, points: -part.points, program: part.program, day: record.day, at: now, reason: reason)
            record.balances.post(entry)
            return .post(entry)
        }
    }

    /// Opens or extends reward time by `minutes` (within the cap) and lifts the shield.
    private mutating func open(minutes: Int, now: Date) -> [RewardsEffect] {
        let window = RewardWindow.extending(record.window, by: minutes, now: now)
        record.window = window
        record.noticeShown = now >= window.noticeAt
        return [.withdraw(id: Self.noticeID), .shield(shieldedPrograms(at: now))]
    }

    private mutating func completeQuestIfReached(now: Date, newID: () -> UUID) -> [RewardsEffect] {
        guard let quest = settings.quest, record.questCompletedAt == nil,
              quest.progress(learningSeconds: record.learningSeconds) >= quest.targetMinutes else { return [] }
        record.questCompletedAt = now
        record.totals.questsCompleted += 1
        var effects: [RewardsEffect] = []
        switch quest.reward {
        case .rewardMinutes(let minutes): effects += open(minutes: minutes, now: now)
        case .bonusPoints(let points): effects += earn(points, program: nil, kind: .accrual, reason: "quest: \(quest.title)", now: now, newID: newID)
        }
        effects.append(.notify(NotificationRequest(
            id: Self.eventID, title: "Quest complete: \(quest.title)",
            body: "\(quest.targetMinutes) minutes of learning today. You earned \(quest.reward.text).",
            category: "REWARDS_CATEGORY", actions: []
        )))
        effects.append(.celebrate("Quest complete: \(quest.title)"))
        if record.streak.count(record.day, calendar: calendar) {
            record.totals.longestStreak = max(record.totals.longestStreak, record.streak.longest)
            if record.streak.isOnMilestone {
                let days = record.streak.current
                effects += earn(RewardRules.milestoneBonus, program: nil, kind: .accrual, reason: "streak of \(days) days", now: now, newID: newID)
                effects.append(.notify(NotificationRequest(
                    id: Self.eventID, title: "\(days)-day streak!",
                    body: "\(RewardRules.milestoneBonus) bonus points for \(days) days of quests in a row.",
                    category: "REWARDS_CATEGORY", actions: []
                )))
            }
        }
        return effects + unlockBadges(now: now)
    }

    private mutating func unlockBadges(now: Date) -> [RewardsEffect] {
        Badges.newlyUnlocked(totals: record.totals, unlocked: record.badges).flatMap { badge -> [RewardsEffect] in
            record.badges[badge.id] = now
            return [
                .notify(NotificationRequest(
                    id: "rewards-badge-\(badge.id)", title: "Badge unlocked: \(badge.name)", body: badge.detail,
                    category: "REWARDS_CATEGORY", actions: []
                )),
                .celebrate("Badge unlocked: \(badge.name)"),
            ]
        }
    }
}

/// The ids of the ledger entries one command posts: the command's id, then the same id with the entry's number
/// folded into its last two bytes.
struct CommandEntryIDs {
    private let base: UUID
    private var count = 0

    init(_ base: UUID) { self.base = base }

    mutating func next() -> UUID {
        defer { count += 1 }
        guard count > 0 else { return base }
        var bytes = base.uuid
        bytes.14 ^= UInt8(truncatingIfNeeded: count >> 8)
        bytes.15 ^= UInt8(truncatingIfNeeded: count)
        return UUID(uuid: bytes)
    }
}
