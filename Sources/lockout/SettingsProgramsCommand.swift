import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

extension SettingsVerb {
    /// `lockout settings programs [list|add|remove]`: the programs that hold breaks back while they run or have focus.
    struct Programs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "programs",
            abstract: "List, add or remove the programs that hold breaks back while they run or have focus.",
            subcommands: [List.self, Add.self, Remove.self],
            defaultSubcommand: List.self
        )

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the programs that hold breaks back.")
            @OptionGroup var global: GlobalOptions

            func run() throws {
                print(Programs.text(WebPreferences(directory: global.directory()).deferral))
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Let a program hold breaks back: while it runs, or only while its window has focus."
            )
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The executable's name, as 'ps -o comm' or its file name shows it (steam, not /usr/bin/steam).") var name: String
            @Option(help: "running (any of your processes runs it) or focused (its window has focus).") var when = "running"

            func run() throws {
                let settings = try Programs.change(global) { settings in
                    guard let moment = DeferredProgram.When(rawValue: when.lowercased()) else {
                        throw CLIUsageError("unknown --when '\(when)': use running or focused")
                    }
                    try settings.addProgram(name, when: moment)
                }
                print(Programs.text(settings))
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Stop a program holding breaks back.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The program's name, as listed.") var name: String

            func run() throws {
                let settings = try Programs.change(global) { try $0.removeProgram(name) }
                print(Programs.text(settings))
            }
        }

        /// Changes the deferral settings kept beside the break screen; the agent reads them at its next look.
        static func change(_ global: GlobalOptions, _ edit: (inout DeferralSettings) throws -> Void) throws -> DeferralSettings {
            try reportingErrors { () throws -> DeferralSettings in
                let preferences = WebPreferences(directory: global.directory())
                var settings = preferences.deferral
                try edit(&settings)
                let chosen = settings
                preferences.updateDeferral { $0 = chosen }
                return settings
            }
        }

        /// The chosen programs, one a line, or how to choose one.
        static func text(_ settings: DeferralSettings) -> String {
            guard !settings.programs.isEmpty else {
                return "No program holds breaks back: add one with 'lockout settings programs add NAME [--when running|focused]'."
            }
            let lines = settings.programs.map { program in
                "  \(program.name) — " + (program.when == .running ? "while it runs" : "while its window has focus")
            }
            return (["Programs that hold breaks back, at most \(settings.maxDeferralMinutes) min:"] + lines).joined(separator: "\n")
        }
    }
}
