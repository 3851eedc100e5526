import Foundation
import LockOutCore

/// Runs the breaks engine against the stores: restores it, applies events, and persists every
/// transition before its effects are carried out. Used by the agent and, with no agent running, by the CLI.
public struct BreakService: Sendable {
    public let stores: BreakStores
    public let calendar: Calendar

    public init(stores: BreakStores, calendar: Calendar) {
        self.stores = stores
        self.calendar = calendar
    }

    /// Rebuilds the engine from the stored record and the clock, handles what fell due, and persists it; with
    /// `awaySince`, the person has been away since then, as the presence sources tell now.
    public func restore(
        now: Date, pendingAlarms: [PendingAlarm] = [], awaySince: Date? = nil
    ) throws -> (engine: BreakEngine, effects: [BreakEffect]) {
        let settings = try stores.settings.load()
        let stored = try stores.record.load()
        let record = BreakReconciler.reconcile(
            record: stored,
            pendingAlarms: pendingAlarms,
            settings: settings,
            calendar: calendar,
            now: now,
            awaySince: awaySince
        )
        var engine = BreakEngine(record: record, settings: settings, calendar: calendar)
        let effects = try engine.handle(.tick, now: now)
        try persist(engine, effects: effects, settingsChanged: false, now: now)
        return (engine, effects)
    }

    /// Applies `event` to `engine` and persists the result; an invalid event throws and changes nothing.
    public func handle(_ event: BreakEvent, on engine: inout BreakEngine, now: Date) throws -> [BreakEffect] {
        var next = engine
        let effects = try next.handle(event, now: now)
        try persist(next, effects: effects, settingsChanged: false, now: now)
        engine = next
        return effects
    }

    /// Carries out a person's command on `engine` and persists the result; an invalid one throws and changes nothing.
    public func execute(_ command: BreakCommand, on engine: inout BreakEngine, now: Date) throws -> [BreakEffect] {
        var next = engine
        let effects = try next.execute(command, now: now)
        try persist(next, effects: effects, settingsChanged: next.settings != engine.settings, now: now)
        engine = next
        return effects
    }

    /// What the dashboard shows for `engine` now; today is the day statistics call today (``StatsToday``).
    public func dashboard(for engine: BreakEngine, now: Date) throws -> DashboardScreen {
        let today = try stores.history.today(now: now, calendar: calendar)
        let stat = try stores.history.dayStats(from: today, through: today).first
        return DashboardScreen(engine: engine, today: stat, now: now)
    }

    /// Sessions first (their ids make a repeat harmless), then settings, then the record that points past them.
    private func persist(_ engine: BreakEngine, effects: [BreakEffect], settingsChanged: Bool, now: Date) throws {
        let sessions = effects.flatMap { effect -> [BreakSession] in
            if case .save(let sessions) = effect { return sessions }
            return []
        }
        if !sessions.isEmpty {
            try stores.history.save(sessions)
        }
        if settingsChanged {
            try stores.settings.save(engine.settings)
        }
        if !sessions.isEmpty || settingsChanged {
            try stores.history.pruneHistory(
                retentionDays: engine.settings.retentionDays,
                today: LocalDate(now, in: calendar),
                calendar: calendar
            )
        }
        try stores.record.save(engine.record)
    }
}
