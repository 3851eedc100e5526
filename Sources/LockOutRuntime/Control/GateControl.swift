import Foundation
import LockOutCore

/// How the CLI reaches the health gate: through the running agent, or straight to the database when none
/// runs. Either way the same gate applies the same command to the same stored state; only the agent
/// carries out the shields, so a program is stopped only while it runs.
public protocol GateControl: Sendable {
    /// The gate now, judged on a fresh read of the health source.
    func screen() throws -> GateScreen
    /// Carries out a gate command, with the reads it asks for; an invalid one throws and changes nothing.
    func perform(_ command: GateCommand) throws -> GateScreen
    /// Brings the stored gate up to now (a new day's reset, today-only goals of earlier days expired) without
    /// a command, so what is read from the database next — the log — agrees with the gate.
    func catchUp() throws
}

/// Applies gate commands to the database directly: restore, apply, read the source, persist.
public struct LocalGateControl: GateControl {
    private let service: GateService
    private let clock: ProcessClock

    public init(service: GateService, clock: ProcessClock) {
        self.service = service
        self.clock = clock
    }

    public func screen() throws -> GateScreen {
        try perform(.refresh)
    }

    public func perform(_ command: GateCommand) throws -> GateScreen {
        try run { service, now in try service.execute(command, now: now) }
    }

    public func catchUp() throws {
        _ = try run { service, now in try service.handle(.tick, now: now) }
    }

    /// Carries out a parent's configuration command on the stored gate: at once, weakening or not.
    public func impose(_ command: GateCommand) throws -> GateScreen {
        try run { service, now in try service.impose(command, now: now) }
    }

    /// Applies `first` to the stored gate, then the answers to the reads it asks for, each step one transaction.
    private func run(
        _ first: @escaping @Sendable (GateService, Date) throws -> (gate: HealthGate, effects: [GateEffect])
    ) throws -> GateScreen {
        let service = service
        let clock = clock
        return try SerialQueueExecutor(label: "lockout.gate").runBlocking {
            var (gate, effects) = try first(service, clock.now())
            let commandEffects = effects
            for _ in 0..<GateService.maximumReads {
                guard let day = GateService.reads(in: effects).first else { break }
                let event = await service.read(day)
                (gate, effects) = try service.handle(event, now: clock.now())
            }
            return GateScreen(gate: gate, now: clock.now(), after: commandEffects)
        }
    }
}

