import ArgumentParser
import Foundation
import LockOutAgent

/// `lockout run`: the device agent in the foreground.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the agent in the foreground: break reminders, focus alerts and task reminders as desktop notifications, the health gate's app shields, and the local API."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Port for the local API on 127.0.0.1 (default: any free port).")
    var port: Int = 0

    func run() throws {
        let context = try reportingErrors { try global.context(runningClock: true) }
        let host = AgentHost(
            directory: context.directory,
            service: context.focusService,
            gate: context.gateService,
            clock: context.clock,
            port: port,
            family: context.database.familyStore,
            rewards: context.rewardsService,
            healthSharing: context.healthSharing
        )
        do {
            try host.run()
        } catch {
            FileHandle.standardError.write(Data("lockout: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
