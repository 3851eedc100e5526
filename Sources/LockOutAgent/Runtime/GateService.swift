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

    /// A service over `store` and `source`; `codes` draws the 4-digit friction codes (at random unless a test fixes them).
    public init(
        store: any GateStore,
        source: any HealthReading,
        calendar: Calendar,
        codes: @escaping @Sendable () -> FrictionCode = GateService.randomCode
    ) {
        self.store = store
        self.source = source
        self.calendar = calendar
        self.codes = codes
    }

    /// A code drawn from the system's random source.
    public static func randomCode() -> FrictionCode {
        var generator = SystemRandomNumberGenerator()
        return FrictionCode.random(using: &generator)
    }

    /// The gate as stored, or a new one (closed until evaluated) when nothing is stored yet.
    public func restore(now: Date) throws -> HealthGate {
        let settings = try store.loadSettings()
        guard let record = try store.loadRecord() else {
            return .starting(at: now, settings: settings, calendar: calendar)
        }
        return HealthGate(record: record, settings: settings, calendar: calendar)
    }

    /// Applies `event`; an invalid one throws and changes nothing.
    public func handle(_ event: GateEvent, on gate: inout HealthGate, now: Date) throws -> [GateEffect] {
        var next = gate
        let effects = try next.handle(event, now: now)
        try persist(next, effects: effects)
        gate = next
        return effects
    }

    /// Carries out a person's command; an invalid one throws and changes nothing.
    public func execute(_ command: GateCommand, on gate: inout HealthGate, now: Date) throws -> [GateEffect] {
        var next = gate
        let effects = try next.execute(command, code: codes(), now: now)
        try persist(next, effects: effects)
        gate = next
        return effects
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

    /// Settings first, then the log, then the record that follows from them.
    private func persist(_ gate: HealthGate, effects: [GateEffect]) throws {
        for case .saveSettings(let settings) in effects {
            try store.saveSettings(settings)
        }
        let entries = effects.compactMap { effect -> GateLogEntry? in
            if case .log(let entry) = effect { return entry }
            return nil
        }
        try store.appendLog(entries)
        try store.saveRecord(gate.record)
    }
}
