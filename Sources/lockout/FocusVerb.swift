import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout focus start|pause|resume|stop|skip|status|settings`: focus sessions.
struct FocusVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Run a focus session: a timer, pomodoros, a stopwatch or an open focus block.",
        subcommands: [
            Start.self, Pause.self, Resume.self, Stop.self, Skip.self, FocusStatus.self, FocusSettingsVerb.self,
        ],
        defaultSubcommand: FocusStatus.self
    )

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a session; a running or paused one carries on unchanged."
        )
        @OptionGroup var global: GlobalOptions
        @Option(help: "timer, pomodoro, stopwatch or focus.") var mode = "timer"
        @Option(help: "Minutes instead of the setting, like 25m or 1h: the timer, the pomodoro focus segment or focus's target.")
        var duration: String?
        @Option(help: "The activity to tag the time with (see 'lockout activity list').") var activity: String?

        func run() throws {
            try performFocus(global) {
                let mode = try FocusMode(parsing: mode)
                let minutes = try duration.map(parseMinutes)
                return .start(FocusStart(mode: mode, durationMinutes: minutes, activity: activity))
            }
        }
    }

    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause the running session.")
        @OptionGroup var global: GlobalOptions
        func run() throws { try performFocus(global) { .pause } }
    }

    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Resume the paused session.")
        @OptionGroup var global: GlobalOptions
        func run() throws { try performFocus(global) { .resume } }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the session; a countdown stopped early counts as cancelled.")
        @OptionGroup var global: GlobalOptions
        func run() throws { try performFocus(global) { .stop } }
    }

    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "End the pomodoro segment as completed and start the next (pomodoro only)."
        )
        @OptionGroup var global: GlobalOptions
        func run() throws { try performFocus(global) { .skip } }
    }
}

/// Builds a focus command, sends it to the agent or the database, and prints the focus screen.
func performFocus(_ global: GlobalOptions, _ makeCommand: () throws -> FocusCommand) throws {
    let (screen, context) = try reportingErrors {
        let command = try makeCommand()
        let context = try global.context()
        return (try context.focusControl().perform(command), context)
    }
    print(TextRendering.focus(screen, now: context.clock.now(), calendar: context.calendar))
}

/// Whole minutes typed as `25m` or `1h`; a bare number counts as minutes.
func parseMinutes(_ text: String) throws -> Int {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let minutes = Int(trimmed) {
        return minutes
    }
    return try DurationParser.wholeMinutes(trimmed)
}
