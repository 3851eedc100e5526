import Foundation
import LockOutCore

/// Runs rewards against their store: restores the engine, carries out commands and usage, and persists
/// each transition (record, settings, its ledger entries and usage sessions, in one transaction) before
/// its effects are carried out. Used by the agent and, with no agent running, by the CLI.
public struct RewardsService: Sendable {
    public let store: any RewardsStore
    public let calendar: Calendar
    private let newID: @Sendable () -> UUID
    private let sessionPrograms: @Sendable () -> [String: ProtectionReason]
    private let pins: any PINHashing

    /// A service over `store`; `pins` keeps the parent PIN's stored form, `sessionPrograms` names what this
    /// system's session starts (never a reward program).
    public init(
        store: any RewardsStore, calendar: Calendar, pins: any PINHashing, newID: @escaping @Sendable () -> UUID = { UUID() },
        sessionPrograms: @escaping @Sendable () -> [String: ProtectionReason]
    ) {
        self.store = store
        self.calendar = calendar
        self.pins = pins
        self.newID = newID
        self.sessionPrograms = sessionPrograms
    }

    /// The engine as stored, or a new one for today.
    public func restore(now: Date) throws -> RewardsEngine {
        let (record, settings) = try store.load()
        return RewardsEngine(record: record ?? RewardsRecord(day: LocalDate(now, in: calendar)), settings: settings, calendar: calendar)
    }

    /// Carries out `command`; settings commands need the parent PIN (`pin`), unless `byParent` (a parent's
    /// device through the family sync, with the command's id: applied once, however often it arrives). A refused
    /// command changes nothing but a wrong PIN's count.
    public func execute(
        _ command: RewardsCommand, on engine: inout RewardsEngine, pin: String?, byParent: Bool = false, commandID: UUID? = nil, now: Date
    ) throws -> [RewardsEffect] {
        if command.isSetting, !byParent {
            try checkPIN(pin, on: &engine, now: now)
        }
        let protection = command.needsSessionPrograms ? ShieldProtection(systemPrograms: sessionPrograms()) : .catalog
        var next = engine
        let newID = newID
        let effects = try next.execute(command, now: now, protection: protection, commandID: commandID, newID: { newID() })
        try persist(next, effects: effects)
        engine = next
        return effects
    }

    /// Takes the latest state of usage sessions, each day's in turn. A session of a day already over (Screen Time's
    /// thresholds read the next morning) counts on its own day, as of its end: counted as of `now`, the engine would
    /// move on to today first and drop the sessions of the days between.
    public func record(_ sessions: [UsageSession], on engine: inout RewardsEngine, now: Date) throws -> [RewardsEffect] {
        var next = engine
        let newID = newID
        let calendar = calendar
        let today = LocalDate(now, in: calendar)
        let byDay = sessions.enumerated()
            .map { (day: $0.element.day(in: calendar), order: $0.offset, session: $0.element) }
            .sorted { ($0.day, $0.order) < ($1.day, $1.order) }
        let effects = byDay.flatMap { item in
            let lastSecond = item.day.adding(days: 1, in: calendar).start(in: calendar).addingTimeInterval(-1)
            let at = item.day < today ? min(now, item.session.end, lastSecond) : now
            return next.recordUsage(item.session, now: at, newID: { newID() })
        }
        try persist(next, effects: effects)
        engine = next
        return effects
    }

    /// Brings the engine up to `now` at an agent's start: reward time that ended while no agent ran closes silently.
    public func resume(_ engine: inout RewardsEngine, now: Date) throws -> [RewardsEffect] {
        try moveTime(&engine) { $0.resume(now: now) }
    }

    /// Moves time on (the notice, the end of reward time, a new day).
    public func tick(_ engine: inout RewardsEngine, now: Date) throws -> [RewardsEffect] {
        try moveTime(&engine) { $0.tick(now: now) }
    }

    /// Moves a copy of the engine on with `move`; persists it only when its record changed.
    private func moveTime(_ engine: inout RewardsEngine, _ move: (inout RewardsEngine) -> [RewardsEffect]) throws -> [RewardsEffect] {
        var next = engine
        let effects = move(&next)
        guard next.record != engine.record else { return effects }
        try persist(next, effects: effects)
        engine = next
        return effects
    }

    /// Sets the parent PIN the first time (`old` nil) or changes it (`old` must match); weak PINs are refused.
    public func setPIN(_ pin: String, old: String?, on engine: inout RewardsEngine, now: Date) throws {
        try ParentPIN.checkStrength(pin)
        var next = engine
        if next.record.pinHash != nil {
            guard let old else { throw RewardsInputError.pinAlreadySet }
            try checkPIN(old, on: &next, now: now)
        }
        next.setPINHash(try pins.hash(pin))
        try persist(next, effects: [])
        engine = next
    }

    /// Checks `pin` against the stored hash, counting wrong tries (persisted, so a restart does not reset the wait).
    public func checkPIN(_ pin: String?, on engine: inout RewardsEngine, now: Date) throws {
        guard let stored = engine.record.pinHash else { throw RewardsInputError.pinNotSet }
        try engine.record.pinAttempts.checkAllowed(now: now)
        let right = pin.map { pins.verify($0, against: stored) } ?? false
        var next = engine
        do {
            try next.recordPIN(right: right, now: now)
            if next.record != engine.record { try persist(next, effects: []) }
            engine = next
        } catch {
            try persist(next, effects: [])
            engine = next
            throw error
        }
    }

    private func persist(_ engine: RewardsEngine, effects: [RewardsEffect]) throws {
        var usage: [UsageSession] = []
        var ledger: [LedgerEntry] = []
        for effect in effects {
            switch effect {
            case .saveUsage(let session): usage.append(session)
            case .post(let entry): ledger.append(entry)
            case .shield, .notify, .withdraw, .celebrate: break
            }
        }
        try store.save(RewardsWrite(record: engine.record, settings: engine.settings, usage: usage, ledger: ledger))
    }
}

extension RewardsCommand {
    /// Marking a reward program checks it against what this system's session starts.
    var needsSessionPrograms: Bool {
        if case .setProgram(_, .reward, _) = self { return true }
        return false
    }
}
