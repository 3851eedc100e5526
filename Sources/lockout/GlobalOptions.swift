import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore
import LockOutStore
import Logging
import LockOutRuntime

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Where LockOut keeps its database and agent file (default: $XDG_DATA_HOME/lockout).")
    var dataDir: String?

    /// The data directory: `--data-dir`, else LockOut's folder in the XDG data directory.
    func directory() -> URL {
        dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? DataLocation.defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// The data directory, the database in it, and the clock this process runs on: for a one-shot command
    /// `LOCKOUT_NOW` alone fixes now; `runningClock` (the agent, a follower of the live status) lets it run on.
    /// With no agent running, what ended since the last command is recorded first (``LocalCatchUp``), whatever the command.
    func context(runningClock: Bool = false) throws -> CLIContext {
        let environment = ProcessInfo.processInfo.environment
        let directory = directory()
        let clock = try ProcessClock.fromEnvironment(environment, oneShot: !runningClock)
        let database = try AppDatabase.open(at: DataLocation.databaseURL(in: directory)) { corrections in
            let logger = Logger(label: "lockout.store")
            for correction in corrections { logger.warning("\(correction)") }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let services = DeviceServices(
            database: database, calendar: calendar, pins: PINHasher(), sessionPrograms: { SessionPrograms.read(.system()) },
            now: { clock.now() }
        )
        let service = services.breaks, focusService = services.focus
        try LocalCatchUp.run(directory: directory, focus: focusService, clock: clock)
        return CLIContext(
            directory: directory,
            database: database,
            service: service,
            focusService: focusService,
            gateService: services.gate,
            rewardsService: services.rewards,
            healthSharing: services.healthSharing,
            clock: clock,
            calendar: calendar
        )
    }
}

/// What a command works with.
struct CLIContext {
    let directory: URL
    let database: AppDatabase
    let service: BreakService
    let focusService: FocusService
    let gateService: GateService
    let rewardsService: RewardsService
    let healthSharing: HealthTotalsSharing
    let clock: ProcessClock
    let calendar: Calendar

    /// The running agent when there is one, else the database directly.
    func control() throws -> any BreakControl {
        try BreakControls.connect(directory: directory, service: service, clock: clock)
    }

    /// The health gate: the running agent when there is one, else the database directly.
    func gateControl() -> any GateControl {
        GateControls.connect(directory: directory, gate: gateService, clock: clock)
    }

    /// Family sync and configuration; a parent's commands apply to the database directly when no agent runs.
    func family() throws -> FamilyService {
        let applier = LocalConfigurationApplier(
            breaks: LocalBreakControl(service: service, clock: clock),
            focus: LocalFocusControl(service: focusService, clock: clock),
            gate: LocalGateControl(service: gateService, clock: clock),
            rewards: LocalRewardsControl(service: rewardsService, clock: clock)
        )
        let clock = clock
        let breakSettings = service.stores.settings, focusSettings = focusService.stores.settings
        let directory = directory
        return FamilyService(
            store: database.familyStore, directory: directory, applier: applier, connector: .http, now: { clock.now() },
            sharedSettings: { SharedSettings(breaks: try breakSettings.load(), focus: try focusSettings.load()) },
            agentRound: { BreakControls.agentSyncRound(directory: directory) }, encryption: .files(in: directory)
        )
    }

    /// Rewards: the running agent when there is one, else the database directly.
    func rewardsControl() -> any RewardsControl {
        if let endpoint = BreakControls.runningAgent(directory: directory) {
            return RemoteRewardsControl(endpoint: endpoint)
        }
        return LocalRewardsControl(service: rewardsService, clock: clock)
    }

    /// Focus sessions and task changes: the running agent when there is one, else the database directly.
    func focusControl() throws -> any FocusControl {
        try FocusControls.connect(directory: directory, focus: focusService, clock: clock)
    }
}

/// Runs `body`, turning any error into one line on stderr and a non-zero exit.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        FileHandle.standardError.write(Data("lockout: \(error)\n".utf8))
        throw ExitCode.failure
    }
}

/// Writes a value as JSON on stdout.
func printJSON(_ value: some Encodable) throws {
    let data = try AgentJSON.encoder(pretty: false).encode(value)
    print(String(decoding: data, as: UTF8.self))
}

/// An argument that must be a break kind.
func parseKind(_ text: String?) throws -> BreakKind? {
    guard let text else { return nil }
    return try BreakKind(parsing: text)
}
