import Foundation
import LockOutCore

/// A rewards command as the API carries it: the command and, for settings, the parent PIN.
public struct RewardsRequest: Codable, Sendable {
    public let command: RewardsCommand
    public let pin: String?

    public init(command: RewardsCommand, pin: String?) {
        self.command = command
        self.pin = pin
    }
}

/// Setting or changing the parent PIN.
public struct PINRequest: Codable, Sendable {
    public let pin: String
    public let old: String?

    public init(pin: String, old: String?) {
        self.pin = pin
        self.old = old
    }
}

/// What `lockout rewards history` shows: the ledger newest first and the usage sessions.
public struct RewardsHistory: Codable, Sendable {
    public let ledger: [LedgerEntry]
    public let usage: [UsageSession]

    public init(ledger: [LedgerEntry], usage: [UsageSession]) {
        self.ledger = ledger
        self.usage = usage
    }
}

/// The days `lockout rewards history` covers.
public struct RewardsHistoryRequest: Codable, Sendable {
    public let days: Int

    public init(days: Int) { self.days = days }
}

/// How the CLI reaches rewards: through the running agent, or straight to the database when none runs
/// (the same engine and checks; only the agent measures usage and closes programs).
public protocol RewardsControl: Sendable {
    func screen() throws -> RewardsScreen
    func perform(_ command: RewardsCommand, pin: String?) throws -> RewardsScreen
    func setPIN(_ pin: String, old: String?) throws -> RewardsScreen
    func history(days: Int) throws -> RewardsHistory
    /// Checks the parent PIN (wrong tries count), for what else it guards: the family reset.
    func checkPIN(_ pin: String?) throws
}

/// Rewards in the database, with no agent running.
public struct LocalRewardsControl: RewardsControl {
    private let service: RewardsService
    private let clock: ProcessClock

    public init(service: RewardsService, clock: ProcessClock) {
        self.service = service
        self.clock = clock
    }

    public func screen() throws -> RewardsScreen {
        var engine = try service.restore(now: clock.now())
        _ = try service.tick(&engine, now: clock.now())
        return RewardsScreen(engine: engine, now: clock.now())
    }

    public func perform(_ command: RewardsCommand, pin: String?) throws -> RewardsScreen {
        try change { engine, now in _ = try service.execute(command, on: &engine, pin: pin, now: now) }
    }

    /// A parent's command through the family sync, with no agent running.
    public func impose(_ command: RewardsCommand, id: CommandID? = nil) throws -> RewardsScreen {
        try change { engine, now in _ = try service.execute(command, on: &engine, pin: nil, byParent: true, commandID: id?.rawValue, now: now) }
    }

    public func setPIN(_ pin: String, old: String?) throws -> RewardsScreen {
        try change { engine, now in try service.setPIN(pin, old: old, on: &engine, now: now) }
    }

    public func checkPIN(_ pin: String?) throws {
        var engine = try service.restore(now: clock.now())
        try service.checkPIN(pin, on: &engine, now: clock.now())
    }

    public func history(days: Int) throws -> RewardsHistory {
        let today = LocalDate(clock.now(), in: service.calendar)
        let from = today.adding(days: -(max(1, days) - 1), in: service.calendar)
        return RewardsHistory(ledger: try service.store.ledger(from: from, limit: 200), usage: try service.store.usage(from: from, through: today))
    }

    private func change(_ body: (inout RewardsEngine, Date) throws -> Void) throws -> RewardsScreen {
        let now = clock.now()
        var engine = try service.restore(now: now)
        _ = try service.tick(&engine, now: now)
        try body(&engine, now)
        return RewardsScreen(engine: engine, now: now)
    }
}

