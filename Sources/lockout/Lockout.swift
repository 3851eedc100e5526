import ArgumentParser
import Foundation
import Logging

/// `lockout`: the device agent and the commands that control it.
@main
struct Lockout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lockout",
        abstract: "LockOut: eye, micro and long break reminders with statistics, focus sessions, activities and tasks, and a health gate that keeps apps locked until today's goals are met; rewards turn learning time into reward time.",
        discussion: """
        Every command takes --data-dir DIR (before or after the subcommand) to use another data \
        directory than $XDG_DATA_HOME/lockout. With an agent running, commands go to it; \
        otherwise they work on the database directly. Activities, the focus history, the task \
        list, health totals and the gate log are always read from the database.
        """,
        version: Lockout.version,
        subcommands: [
            Run.self, Status.self, BreakVerb.self, Pause.self, Resume.self, Start.self, Stop.self,
            Schedule.self, SettingsVerb.self, Stats.self, Export.self,
            FocusVerb.self, ActivityVerb.self, History.self, TaskVerb.self, HealthVerb.self, GateVerb.self,
            RewardsVerb.self, FamilyVerb.self, Serve.self, Open.self, ServiceVerb.self,
        ]
    )

    /// What `lockout --version` prints, and the version of the Debian package scripts/package-deb.sh builds.
    static let version = "0.21.0"

    /// Parses `lockout [--data-dir DIR] SUBCOMMAND …`: the global option may stand before the subcommand.
    /// Everything runs synchronously: the agent parks the main thread in the dispatch main loop, and
    /// nothing here starts Swift's global executor (which would wake the process every second).
    static func main() {
        let arguments = hoistingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
        bootstrapLogging(environment: ProcessInfo.processInfo.environment)
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// Logs go to stderr at `LOCKOUT_LOG_LEVEL` (trace, debug, info, notice, warning, error; default info).
    static func bootstrapLogging(environment: [String: String]) {
        let level = environment["LOCKOUT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    /// Moves `--data-dir DIR` (or `--data-dir=DIR`) given before the subcommand to the end, where every
    /// subcommand's own `GlobalOptions` reads it.
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("--data-dir") {
            if arguments[index] == "--data-dir", index + 1 < arguments.count {
                leading += arguments[index...(index + 1)]
                index += 2
            } else {
                leading.append(arguments[index])
                index += 1
            }
        }
        return Array(arguments[index...]) + leading
    }
}
