import Foundation
import LockOutCore

/// Runs the focus engine against the stores, and keeps the breaks engine in step with it: restores it,
/// applies events and commands, and persists every transition before its effects are carried out.
/// Used by the agent and, with no agent running, by the CLI.
public struct FocusService: Sendable {
    public let stores: FocusStores
    public let breaks: BreakService
    public let capability: AlertCapability
    public let calendar: Calendar

    public init(stores: FocusStores, breaks: BreakService, capability: AlertCapability, calendar: Calendar) {
        self.stores = stores
        self.breaks = breaks
        self.capability = capability
        self.calendar = calendar
    }

    /// Rebuilds the engine from the stored record and settings, ends what ran out while nothing ran,
    /// brings the breaks engine's hold in line with it, and persists both.
    public func restore(now: Date, breaks breakEngine: inout BreakEngine) throws -> (engine: FocusEngine, transition: FocusTransition) {
        let engine = FocusEngine(
            record: try stores.record.load() ?? .stopped,
            settings: try stores.settings.load(),
            capability: capability,
            calendar: calendar
        )
        var current = engine
        var transition = try handle(.tick, on: &current, breaks: &breakEngine, now: now)
        if let event = FocusBreakLink.holdEvent(focus: current, breaks: breakEngine, now: now) {
            transition.breaks += try breaks.handle(event, on: &breakEngine, now: now)
        }
        return (current, transition)
    }

    /// Applies `event`; an invalid one throws and changes nothing.
    public func handle(_ event: FocusEvent, on engine: inout FocusEngine, breaks breakEngine: inout BreakEngine, now: Date) throws -> FocusTransition {
        try transition(on: &engine, breaks: &breakEngine, now: now) { next throws(FocusInputError) in
            try next.handle(event, now: now)
        }
    }

    /// Carries out a person's command; an invalid one (an unknown activity too) throws and changes nothing.
    public func execute(_ command: FocusCommand, on engine: inout FocusEngine, breaks breakEngine: inout BreakEngine, now: Date) throws -> FocusTransition {
        let command = try resolvingActivity(command)
        return try transition(on: &engine, breaks: &breakEngine, now: now) { next throws(FocusInputError) in
            try next.execute(command, now: now)
        }
    }

    /// A start names its activity as stored; an activity nobody added is refused.
    private func resolvingActivity(_ command: FocusCommand) throws -> FocusCommand {
        guard case .start(let request) = command, let name = request.activity else { return command }
        guard let activity = try stores.activities.activity(named: name) else {
            throw FocusDataError.unknownActivity(ActivityName.trimmed(name))
        }
        return .start(FocusStart(mode: request.mode, durationMinutes: request.durationMinutes, activity: activity.name))
    }

    /// Runs `change` on a copy, persists the focus side, then lets the breaks engine follow.
    private func transition(
        on engine: inout FocusEngine,
        breaks breakEngine: inout BreakEngine,
        now: Date,
        _ change: (inout FocusEngine) throws(FocusInputError) -> [FocusEffect]
    ) throws -> FocusTransition {
        var next = engine
        let effects = try change(&next)
        try persist(
            next, effects: effects, settingsChanged: next.settings != engine.settings,
            retentionDays: breakEngine.settings.retentionDays, now: now
        )
        var result = FocusTransition(focus: effects)
        let events = FocusBreakLink.breakEvents(
            before: engine, after: next, effects: effects, breakSettings: breakEngine.settings, now: now
        )
        engine = next
        for event in events {
            result.breaks += try breaks.handle(event, on: &breakEngine, now: now)
        }
        return result
    }

    /// Segments first (their ids make a repeat harmless), then settings, then the record that points past them.
    private func persist(_ engine: FocusEngine, effects: [FocusEffect], settingsChanged: Bool, retentionDays: Int, now: Date) throws {
        let records = effects.compactMap { effect -> FocusSessionRecord? in
            if case .save(let record) = effect { return record }
            return nil
        }
        if !records.isEmpty {
            try stores.history.save(records)
            // The retention setting of breaks keeps focus history too: the last N days, today included.
            let today = LocalDate(now, in: calendar)
            try stores.history.prune(before: today.adding(days: -(retentionDays - 1), in: calendar))
        }
        if settingsChanged {
            try stores.settings.save(engine.settings)
        }
        try stores.record.save(engine.record)
    }
}
