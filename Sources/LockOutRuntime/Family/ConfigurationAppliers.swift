import Foundation
import LockOutCore

/// Applies a parent's configuration to the database directly, when no agent runs: the same engines, the
/// same checks, and the running agent's next start picks the settings up.
public struct LocalConfigurationApplier: ConfigurationApplying {
    let breaks: LocalBreakControl
    let focus: LocalFocusControl
    let gate: LocalGateControl
    let rewards: LocalRewardsControl

    /// An applier over the CLI's local controls.
    public init(breaks: LocalBreakControl, focus: LocalFocusControl, gate: LocalGateControl, rewards: LocalRewardsControl) {
        self.breaks = breaks
        self.focus = focus
        self.gate = gate
        self.rewards = rewards
    }

    public func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws {
        switch command {
        case .breaks(let command): _ = try breaks.perform(command)
        case .focus(let command): _ = try focus.perform(command)
        case .gate(let command): _ = try gate.impose(command)
        case .rewards(let command): _ = try rewards.impose(command, id: id)
        }
    }
}

/// Applies a parent's configuration to the running agent's engines: a running break cycle or gate
/// reschedules the moment the command lands.
public struct AgentConfigurationApplier: ConfigurationApplying {
    let agent: DeviceAgent

    /// An applier into `agent`.
    public init(agent: DeviceAgent) { self.agent = agent }

    public func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws {
        let agent = agent
        try agent.executor.runBlocking {
            switch command {
            case .breaks(let command): _ = try await agent.perform(command)
            case .focus(let command): _ = try await agent.perform(command)
            case .gate(let command): _ = try await agent.impose(command)
            case .rewards(let command): _ = try await agent.impose(command, id: id)
            }
        }
    }
}

extension DeviceAgent {
    /// The summary of `day` (today when nil) on this device, as a parent sees it: today's from the engines as they
    /// stand; an earlier day's from what is stored of it, with what only that day knew taken from `previous`
    /// (the summary last queued for it).
    public func daySummary(device: DeviceID, day requested: LocalDate? = nil, previous: DailySummary? = nil) async throws -> DailySummary {
        let now = clock.now()
        let calendar = service.breaks.calendar
        // The day statistics call today, so a summary never leaves out what the device counts for it.
        let today = try service.breaks.stores.history.today(now: now, calendar: calendar)
        let day = requested ?? today
        let stats = try service.breaks.stores.history.dayStats(from: day, through: day).first
        let focus = try service.stores.history.sessions(try FocusHistoryQuery(from: day, to: day))
        guard day == today else {
            let totals = try? await gateService.source.readout(for: day).totals
            let usage = try rewardsService?.store.usage(from: day, through: day) ?? []
            let ledger = try rewardsService?.store.ledger(from: day, limit: 10_000) ?? []
            return DailySummaryBuilder.summary(
                device: device, pastDay: day, breaks: stats, focus: focus, totals: totals, usage: usage, ledger: ledger,
                previous: previous, calendar: calendar, now: now
            )
        }
        let gateOpen = gate.map { !$0.evaluation(now: now).isClosed } ?? false
        let rewardsSnapshot = try rewards.map { engine in
            RewardsSnapshot(
                screen: RewardsScreen(engine: engine, now: now, method: usageMeter?.method),
                ledger: try rewardsService?.store.ledger(from: nil, limit: RewardsSnapshot.ledgerLength) ?? []
            )
        }
        return DailySummaryBuilder.summary(
            device: device, day: day, breaks: stats, focus: focus, totals: gate?.record.totals,
            gateOpened: gateOpen, rewards: rewardsSnapshot, now: now
        )
    }
}
