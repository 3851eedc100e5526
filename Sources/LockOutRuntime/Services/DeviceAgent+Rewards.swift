import Foundation
import LockOutCore

/// Rewards in the agent: usage from the meter, commands from the child (behind the parent PIN) and from a
/// parent's device, reward time on the agent's one timer, and the reward programs' shield layer.
extension DeviceAgent {
    /// The notification a stopped reward program raises; a newer one replaces it.
    public static let rewardShieldNoticeID = "rewards-shield"

    /// Attaches rewards before `start`: the engine is restored there, and the meter (nil: usage is not
    /// measured on this device) starts with the marked programs.
    public func attachRewards(_ service: RewardsService, meter: (any UsageMetering)?) {
        rewardsService = service
        usageMeter = meter
    }

    /// Whether rewards are attached.
    public var hasRewards: Bool { rewardsService != nil }

    /// A child's command: settings need the parent PIN, redeeming does not.
    public func perform(_ command: RewardsCommand, pin: String?) throws -> RewardsScreen {
        try changeRewards { service, engine, now in try service.execute(command, on: &engine, pin: pin, now: now) }
    }

    /// A parent's command through the family sync: no PIN, the parent's device is paired.
    public func impose(_ command: RewardsCommand, id: CommandID? = nil) throws -> RewardsScreen {
        try changeRewards { service, engine, now in
            try service.execute(command, on: &engine, pin: nil, byParent: true, commandID: id?.rawValue, now: now)
        }
    }

    /// Sets (old nil) or changes the parent PIN.
    public func setParentPIN(_ pin: String, old: String?) throws -> RewardsScreen {
        try changeRewards { service, engine, now in
            try service.setPIN(pin, old: old, on: &engine, now: now)
            return []
        }
    }

    /// Checks the parent PIN (counting wrong tries), for what else it guards: the family reset.
    public func checkParentPIN(_ pin: String?) throws {
        _ = try changeRewards { service, engine, now in
            try service.checkPIN(pin, on: &engine, now: now)
            return []
        }
    }

    /// What the rewards screens show now.
    public func rewardsScreen() throws -> RewardsScreen {
        let (_, engine) = try requireRewards()
        return RewardsScreen(engine: engine, now: clock.now(), method: usageMeter?.method)
    }

    /// The ledger (newest first, at most `limit`) and the usage sessions of the last `days` days.
    public func rewardsHistory(days: Int, limit: Int = 200) throws -> (ledger: [LedgerEntry], usage: [UsageSession]) {
        let (service, _) = try requireRewards()
        let today = LocalDate(clock.now(), in: service.calendar)
        let from = today.adding(days: -(max(1, days) - 1), in: service.calendar)
        return (try service.store.ledger(from: from, limit: limit), try service.store.usage(from: from, through: today))
    }

    /// The last celebration (quest completed, badge unlocked) since `since`, for pages to show once.
    public func celebration(since: Date) -> (id: UUID, text: String)? {
        guard let lastCelebration, lastCelebration.at >= since else { return nil }
        return (lastCelebration.id, lastCelebration.text)
    }

    /// The meter's sessions: counted, written, and their points, quest and badges carried out.
    public func recordUsage(_ sessions: [UsageSession]) {
        guard let service = rewardsService, var engine = rewards else { return }
        do {
            let effects = try service.record(sessions, on: &engine, now: clock.now())
            rewards = engine
            carryOut(effects)
            if effects.contains(where: \.changesShown) { rearm() }
        } catch {
            logger.error("rewards: usage not recorded: \(error)")
        }
    }

    // MARK: - Internal

    func startRewards(now: Date) {
        guard let service = rewardsService else { return }
        do {
            var engine = try service.restore(now: now)
            // Usage measured while no agent ran (Screen Time's thresholds) counts on its own day, before the day moves on.
            let untold = usageMeter?.untoldSessions(now: now, categories: Self.categories(of: engine.settings)) ?? []
            var effects = try service.record(untold, on: &engine, now: now)
            effects += try service.resume(&engine, now: now)  // reward time that ended meanwhile is gone, untold
            rewards = engine
            carryOut(effects)
            try layers.setRewardPrograms(engine.shieldedPrograms(at: now))
        } catch {
            logger.error("rewards: could not restore: \(error)")
            return
        }
        let executor = executor
        usageMeter?.start(categories: measuredPrograms()) { [weak self] sessions in
            Task(executorPreference: executor) { await self?.recordUsage(sessions) }
        }
    }

    func stopRewards() {
        usageMeter?.stop()
    }

    func tickRewards(now: Date) {
        guard let service = rewardsService, var engine = rewards else { return }
        do {
            var effects: [RewardsEffect] = []
            if let untold = usageMeter?.untoldSessions(now: now, categories: measuredPrograms()), !untold.isEmpty {
                effects += try service.record(untold, on: &engine, now: now)
            }
            effects += try service.tick(&engine, now: now)
            rewards = engine
            carryOut(effects)
        } catch {
            logger.error("rewards: could not move time on: \(error)")
        }
    }

    /// Whether `executable` was stopped because it is a reward program: tells the child how to open it.
    func rewardShieldStopped(executable: String) -> Bool {
        guard layers.isClosedForRewards(executable), let engine = rewards else { return false }
        let screen = RewardsScreen(engine: engine, now: clock.now())
        let body = screen.canRedeem
            ? "\(executable) is a reward program. You have \(screen.balance) points: redeem them for reward time (lockout rewards redeem POINTS)."
            : "\(executable) is a reward program. Learn to earn points: \(RewardRules.minimumRedemption) points open it for \(RewardRules.minimumRedemption / RewardRules.pointsPerRewardMinute) minutes."
        notifier.present(
            NotificationRequest(id: Self.rewardShieldNoticeID, title: "\(executable) is closed", body: body, category: "REWARDS_CATEGORY", actions: [])
        ) { _ in }
        return true
    }

    private func changeRewards(
        _ change: (RewardsService, inout RewardsEngine, Date) throws -> [RewardsEffect]
    ) throws -> RewardsScreen {
        let (service, current) = try requireRewards()
        var engine = current
        let now = clock.now()
        var thrown: (any Error)?
        var effects: [RewardsEffect] = []
        do {
            effects = try change(service, &engine, now)
        } catch {
            thrown = error
        }
        rewards = engine  // a wrong PIN's count changes the engine even when the command is refused
        if let thrown { throw thrown }
        carryOut(effects)
        if engine.settings != current.settings {
            usageMeter?.update(categories: measuredPrograms())
        }
        rearm()
        return RewardsScreen(engine: engine, now: now, method: usageMeter?.method)
    }

    private func measuredPrograms() -> [String: ProgramCategory] {
        Self.categories(of: rewards?.settings)
    }

    private static func categories(of settings: RewardsSettings?) -> [String: ProgramCategory] {
        Dictionary((settings?.programs ?? []).map { ($0.name, $0.category) }, uniquingKeysWith: { first, _ in first })
    }

    private func requireRewards() throws -> (RewardsService, RewardsEngine) {
        guard let rewardsService, let rewards else { throw AgentError.notStarted }
        return (rewardsService, rewards)
    }

    private func carryOut(_ effects: [RewardsEffect]) {
        for effect in effects {
            switch effect {
            case .shield(let programs):
                do {
                    try layers.setRewardPrograms(programs)
                } catch {
                    logger.error("rewards: could not set the shield: \(error)")
                }
            case .notify(let request):
                notifier.present(request) { _ in }
            case .withdraw(let id):
                notifier.withdraw(id: id)
            case .celebrate(let text):
                lastCelebration = (UUID(), text, clock.now())
            case .saveUsage, .post:
                break  // persisted with the transition, before any effect ran
            }
        }
    }
}

extension RewardsEffect {
    /// Whether the effect changes what a page or the timer shows.
    var changesShown: Bool {
        switch self {
        case .saveUsage: false
        case .post, .shield, .notify, .withdraw, .celebrate: true
        }
    }
}
