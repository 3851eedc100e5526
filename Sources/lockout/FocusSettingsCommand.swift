import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout focus settings [--json]` and `lockout focus settings set NAME VALUE`.
struct FocusSettingsVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the pomodoro and timer durations, the cycle length and holding breaks during focus.",
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the focus settings.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let settings = try reportingErrors { try global.context().focusControl().focus().settings }
            if json { try printJSON(settings) } else { print(TextRendering.focusSettings(settings)) }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change one setting while no session runs: focus, short-break, long-break, timer (minutes, like 25m), cycles (a number) or hold-breaks (on or off)."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "focus, short-break, long-break, cycles, timer or hold-breaks.") var name: String
        @Argument(help: "The new value.") var value: String

        func run() throws {
            let settings = try reportingErrors {
                let command = try Self.command(name: name, value: value)
                return try global.context().focusControl().perform(command).settings
            }
            print(TextRendering.focusSettings(settings))
        }

        static func command(name: String, value: String) throws -> FocusCommand {
            if name.lowercased() == "hold-breaks" {
                guard let hold = try? parseBool(value) else {
                    throw CLIUsageError("hold-breaks must be on or off, not '\(value)'")
                }
                return .holdBreaksDuringFocus(hold)
            }
            guard let setting = try? FocusSetting(parsing: name) else {
                throw CLIUsageError("unknown focus setting '\(name)': use focus, short-break, long-break, cycles, timer or hold-breaks")
            }
            switch setting {
            case .cycles:
                guard let cycles = Int(value.trimmingCharacters(in: .whitespaces)) else {
                    throw CLIUsageError("cycles must be a whole number \(setting.allowed.lowerBound)...\(setting.allowed.upperBound), not '\(value)'")
                }
                return .set(.cycles, value: cycles)
            case .focus, .shortBreak, .longBreak, .timer:
                return .set(setting, value: try parseMinutes(value))
            }
        }
    }
}
