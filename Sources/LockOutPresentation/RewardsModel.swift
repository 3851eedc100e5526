import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// A child's home and rewards (seed 002): the balance, today's points against the cap, reward time counting down,
/// the quest, the streak, the level and badges, redeeming points for reward time, and the parent PIN that guards
/// the settings.
@MainActor
@Observable
public final class RewardsModel {
    /// The rewards as the runtime computed them at the last refresh; nil until the first.
    public private(set) var screen: RewardsScreen?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?
    /// A quest completed or a badge unlocked since the model was made, to celebrate once; `celebrated()` clears it.
    public private(set) var celebration: String?
    /// Whether the parent PIN was entered right: the settings stay unlocked until `lockSettings()`.
    public private(set) var settingsUnlocked = false

    @ObservationIgnored private let agent: DeviceAgent
    @ObservationIgnored private var celebrationsSince: Date
    @ObservationIgnored private var shownCelebrations: Set<UUID> = []

    /// A model over `agent`; celebrations from before `since` are not shown again.
    public init(agent: DeviceAgent, since: Date) {
        self.agent = agent
        celebrationsSince = since
    }

    /// The balance in points.
    public var balance: Int { screen?.balance ?? 0 }
    /// "120 / 600 points today".
    public var todayText: String { screen.map { "\($0.pointsToday) / \($0.dailyCap) points today" } ?? "" }
    /// Reward time left as `MM:SS` (or `H:MM:SS`); nil when none runs.
    public var rewardTime: String? { screen.flatMap { $0.rewardSecondsLeft > 0 ? $0.rewardTimeText : nil } }
    /// The quest's line ("12 of 30 min" or "complete: …") and its progress 0…1; nil without a quest.
    public var quest: (title: String, text: String, fraction: Double)? {
        screen?.quest.map { ($0.quest.title, $0.text, $0.fraction) }
    }
    /// "3-day streak", with whether today still needs learning to keep it.
    public var streak: (text: String, atRisk: Bool) {
        let days = screen?.streak.days ?? 0
        return (days == 1 ? "1-day streak" : "\(days)-day streak", screen?.streak.atRisk ?? false)
    }
    /// Every badge, unlocked or not.
    public var badges: [BadgeState] { screen?.badges ?? [] }
    /// The redemptions offered now, in points (each a whole number of reward minutes).
    public var redemptionChoices: [Int] { screen?.redemptionChoices ?? [] }
    /// The learning programs the rules name, in order: on iPhone and iPad the parent picks, for each, the apps whose
    /// time counts as it (Screen Time's events are planned per program).
    public var learningPrograms: [String] {
        screen?.programs.filter { $0.category == .learning }.map(\.program) ?? []
    }
    /// Whether a parent PIN is set (the settings ask for it; without one the parent sets it first).
    public var pinSet: Bool { screen?.pinSet ?? false }

    /// Reads the rewards again: on appear, every second while reward time runs, after an intent elsewhere.
    public func refresh() async {
        do {
            screen = try await agent.rewardsScreen()
            await noteCelebration()
        } catch {
            message = .refusal(error)
        }
    }

    /// Redeems `points` for reward time (no PIN: the child redeems).
    public func redeem(points: Int) async {
        await change { agent in try await agent.perform(.redeem(points: points), pin: nil) }
    }

    /// Sets the parent PIN the first time, or changes it with the old one.
    public func setPIN(_ pin: String, old: String?) async {
        await change { agent in try await agent.setParentPIN(pin, old: old) }
    }

    /// Checks the parent PIN; right, the settings unlock. Wrong tries count, and the wait after them grows.
    public func unlockSettings(pin: String) async {
        do {
            try await agent.checkParentPIN(pin)
            settingsUnlocked = true
            message = nil
        } catch {
            settingsUnlocked = false
            message = .refusal(error)
        }
        await refresh()
    }

    /// Locks the settings again (leaving them, or the app going to the background).
    public func lockSettings() {
        settingsUnlocked = false
    }

    /// A rewards setting, behind the PIN the person entered to unlock the settings.
    public func change(_ command: RewardsCommand, pin: String) async {
        await change { agent in try await agent.perform(command, pin: pin) }
    }

    /// The celebration was shown.
    public func celebrated() {
        celebration = nil
    }

    private func change(_ body: (DeviceAgent) async throws -> RewardsScreen) async {
        do {
            screen = try await body(agent)
            message = nil
            await noteCelebration()
        } catch {
            message = .refusal(error)
        }
    }

    private func noteCelebration() async {
        guard let (id, text) = await agent.celebration(since: celebrationsSince), !shownCelebrations.contains(id) else { return }
        shownCelebrations.insert(id)
        celebration = text
    }
}
