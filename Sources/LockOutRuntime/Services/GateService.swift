import Foundation
import LockOutCore

/// Runs the health gate against its store and health source: restores it, applies events and commands,
/// persists every transition (settings, the log, then the record) before its effects are carried out, and
/// answers the reads it asks for. Used by the agent and, with no agent running, by the CLI.
public struct GateService: Sendable {
    /// A read answered with a reading of another day asks again; this bounds the asking.
    static let maximumReads = 3

    public let store: any GateStore
    public let source: any HealthReading
    public let calendar: Calendar
    private let codes: @Sendable () -> FrictionCode
    private let sessionPrograms: @Sendable () -> [String: ProtectionReason]

    /// A service over `store` and `source`; `codes` draws the 4-digit friction codes (at random unless a test
    /// fixes them); `sessionPrograms` names what this system's session starts, read when a program is blocked.
    public init(
        store: any GateStore,
        source: any HealthReading,
        calendar: Calendar,
        codes: @escaping @Sendable () -> FrictionCode = GateService.randomCode,
        sessionPrograms: @escaping @Sendable () -> [String: ProtectionReason]
    ) {
        self.store = store
        self.source = source
        self.calendar = calendar
        self.codes = codes
        self.sessionPrograms = sessionPrograms
    }

    /// A code drawn from the system's random source.
    public static func randomCode() -> FrictionCode {
        var generator = SystemRandomNumberGenerator()
        return FrictionCode.random(using: &generator)
    }

    /// The gate as stored, or a new one (closed until evaluated) when nothing is stored yet. Its first
    /// transition catches it up with the day before anything reads or edits its settings.
    public func restore(now: Date) throws -> HealthGate {
        let settings = try store.loadSettings()
        guard let record = try store.loadRecord() else {
            return .starting(at: now, settings: settings, calendar: calendar)
        }
        return HealthGate(record: record, settings: settings, calendar: calendar)
    }

    /// Applies `event` to the agent's gate; an invalid one throws and changes nothing.
    public func handle(_ event: GateEvent, on gate: inout HealthGate, now: Date) throws -> [GateEffect] {
        var next = gate
        let effects = try next.handle(event, now: now)
        try persist(next, effects: effects)
        gate = next
        return effects
    }

    /// Carries out a person's command on the agent's gate; an invalid one throws and changes nothing.
    public func execute(_ command: GateCommand, on gate: inout HealthGate, now: Date) throws -> [GateEffect] {
        try checkSessionPrograms(command)
        var next = gate
        let effects = try next.execute(command, code: codes(), now: now)
        try persist(next, effects: effects)
        gate = next
        return effects
    }

    /// Applies `event` to the gate as stored: restored, caught up with the day, changed and saved in one
    /// transaction, so another process's change is never overwritten. Used with no agent running.
    public func handle(_ event: GateEvent, now: Date) throws -> (gate: HealthGate, effects: [GateEffect]) {
        try transact(now: now) { gate in try gate.handle(event, now: now) }
    }

    /// Carries out a person's command on the gate as stored, in one transaction like ``handle(_:now:)``.
    public func execute(_ command: GateCommand, now: Date) throws -> (gate: HealthGate, effects: [GateEffect]) {
        try checkSessionPrograms(command)
        let code = codes()
        return try transact(now: now) { gate in try gate.execute(command, code: code, now: now) }
    }

    /// Carries out a parent's configuration command on the agent's gate: it applies at once, weakening or not.
    public func impose(_ command: GateCommand, on gate: inout HealthGate, now: Date) throws -> [GateEffect] {
        try checkSessionPrograms(command)
        var next = gate
        let effects = try next.impose(command, now: now)
        try persist(next, effects: effects)
        gate = next
        return effects
    }

    /// Carries out a parent's configuration command on the gate as stored, in one transaction.
    public func impose(_ command: GateCommand, now: Date) throws -> (gate: HealthGate, effects: [GateEffect]) {
        try checkSessionPrograms(command)
        return try transact(now: now) { gate in try gate.impose(command, now: now) }
    }

    /// A program to block is checked against this system's session programs too, beyond Core's catalog.
    private func checkSessionPrograms(_ command: GateCommand) throws {
        guard case .block(let app) = command else { return }
        try ShieldPolicy.check(app.executable, protection: ShieldProtection(systemPrograms: sessionPrograms()))
    }

    /// Reads `day` from the source: the event that reports the answer, or the failure.
    public func read(_ day: LocalDate) async -> GateEvent {
        do {
            return .healthDataChanged(try await source.readout(for: day))
        } catch {
            return .sourceFailed(reason: "\(error)")
        }
    }

    /// The days `effects` ask to read.
    public static func reads(in effects: [GateEffect]) -> [LocalDate] {
        effects.compactMap { if case .readHealth(let day) = $0 { day } else { nil } }
    }

    /// Saves the agent's gate after a transition: settings when it changed them, its log and its record, in one transaction.
    private func persist(_ gate: HealthGate, effects: [GateEffect]) throws {
        let changesSettings = effects.contains { if case .saveSettings = $0 { true } else { false } }
        try store.update { contents in
            if changesSettings { contents.settings = gate.settings }
            contents.record = gate.record
            contents.newLogEntries = Self.logEntries(in: effects)
        }
    }

    private func transact(
        now: Date,
        _ step: (inout HealthGate) throws -> [GateEffect]
    ) throws -> (gate: HealthGate, effects: [GateEffect]) {
        let calendar = calendar
        return try store.update { contents in
            var gate = contents.record.map { HealthGate(record: $0, settings: contents.settings, calendar: calendar) }
                ?? .starting(at: now, settings: contents.settings, calendar: calendar)
            let effects = try step(&gate)
            contents.settings = gate.settings
            contents.record = gate.record
            contents.newLogEntries = Self.logEntries(in: effects)
            return (gate, effects)
        }
    }

    private static func logEntries(in effects: [GateEffect]) -> [GateLogEntry] {
        effects.compactMap { effect -> GateLogEntry? in
            if case .log(let entry) = effect { return entry }
            return nil
        }
    }
}
