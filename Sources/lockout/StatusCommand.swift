import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout status [--json] [--follow] [--format json|waybar|i3blocks]`: where the breaks cycle stands.
///
/// `--format` prints the one line a status bar reads (the breaks and the focus session); `--follow`
/// streams it, one line per change (json by default).
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the next break and its countdown, paused or stopped, today's compliance and the enabled kinds.",
        discussion: """
        --follow prints one JSON object per change: the breaks to the minute (state, nextBreak, currentBreak, \
        pausedUntil, skippedToday) and the focus session, or {"state":"stopped"} while no agent answers (it \
        retries every 5 seconds). --format waybar prints {"text","tooltip","class","alt"} instead, --format \
        i3blocks the text alone, with or without --follow.
        """
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Keep printing what a status bar shows, one line per change, until stdout closes.") var follow = false
    @Option(help: "The status-bar line format: json, waybar or i3blocks.") var format: String?

    func run() throws {
        if let lineFormat = try reportingErrors({ try StatusBarLineFormat(format: format, json: json, follow: follow) }) {
            try follow ? followStatusBar(lineFormat) : printStatusBarLine(lineFormat)
            return
        }
        let (screen, family, presence) = try reportingErrors {
            let context = try global.context()
            let control = try context.control()
            let presence = try? (control as? RemoteBreakControl)?.presence()
            return (try control.dashboard(), try? context.family().status(), presence)
        }
        if json {
            try printJSON(screen)
        } else {
            print(TextRendering.dashboard(screen))
            // With an agent running, how it learns that you stepped away (and what it could not use).
            if let presence { print(presence.line(now: Date())) }
            let preferences = WebPreferences(directory: global.directory())
            if preferences.strictBreaks {
                print(StrictBreakLine.line(on: true, mode: preferences.breakScreen, environment: ProcessInfo.processInfo.environment))
            }
            // In a family, one more line: synced, or that sync waits and how many items.
            if let line = family?.line { print(line) }
        }
    }
}

/// `lockout break done|snooze|skip|now`.
struct BreakVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "break",
        abstract: "Answer the current break, or take one now.",
        subcommands: [Done.self, Snooze.self, Skip.self, Now.self]
    )

    struct KindOption: ParsableArguments {
        @Option(help: "Break kind: eye, micro or long.") var kind: String?
    }

    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark the current break as done.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: KindOption
        func run() throws { try perform(global) { .done(try parseKind(options.kind)) } }
    }

    struct Snooze: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the current break again after the snooze duration.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: KindOption
        func run() throws { try perform(global) { .snooze(try parseKind(options.kind)) } }
    }

    struct Skip: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Skip the current break.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: KindOption
        func run() throws { try perform(global) { .skip(try parseKind(options.kind)) } }
    }

    struct Now: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a break now: the due one, the next one, or --kind.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: KindOption
        func run() throws { try perform(global) { .takeBreakNow(try parseKind(options.kind)) } }
    }
}

/// `lockout pause --for DURATION | --until-tomorrow`.
struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pause breaks for a while or until tomorrow.")
    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("for"), help: "How long, like 30m or 1h30m.") var duration: String?
    @Flag(name: .customLong("until-tomorrow"), help: "Until the next local midnight.") var untilTomorrow = false

    func run() throws {
        try perform(global) {
            switch (duration, untilTomorrow) {
            case (let text?, false): return .pause(seconds: try DurationParser.seconds(text))
            case (nil, true): return .pauseUntilTomorrow
            default: throw CLIUsageError("use either --for DURATION or --until-tomorrow")
            }
        }
    }
}

/// `lockout resume`.
struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Resume paused breaks.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try perform(global) { .resume } }
}

/// `lockout start`.
struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start breaks after a stop.")
    @OptionGroup var global: GlobalOptions
    func run() throws { try perform(global) { .start } }
}

/// `lockout stop`.
struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stop breaks; inside working hours the stop holds until the window ends."
    )
    @OptionGroup var global: GlobalOptions
    func run() throws { try perform(global) { .stop } }
}

/// Builds a command, sends it to the agent or the database, and prints the dashboard.
func perform(_ global: GlobalOptions, _ makeCommand: () throws -> BreakCommand) throws {
    let screen = try reportingErrors {
        let command = try makeCommand()
        return try global.context().control().perform(command)
    }
    print(TextRendering.dashboard(screen))
}

/// A misuse of the command line, reported in one line.
struct CLIUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
