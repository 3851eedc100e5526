import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout focus status [--json] [--follow] [--format json|waybar]`.
///
/// Without `--format` it prints the focus screen (text, or JSON with `--json`). `--format` prints the
/// one-line form a status bar reads; `--follow` streams that form, one line per update (json by default).
struct FocusStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the focus session now, or stream it for a status bar with --follow.",
        discussion: """
        --follow prints one JSON object per line: the live status with "state" running or paused, \
        or {"state":"stopped"} when no session runs or no agent answers (it retries every 5 seconds). \
        --format waybar prints {"text","tooltip","class","percentage"} instead, with or without --follow.
        """
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Keep printing the live status, one line per update, until stdout closes.") var follow = false
    @Option(help: "The line format: json or waybar.") var format: String?

    func run() throws {
        let lineFormat = try reportingErrors { try StatusLineFormat(format: format, json: json, follow: follow) }
        guard let lineFormat else {
            let (screen, context) = try reportingErrors {
                let context = try global.context()
                return (try context.focusControl().focus(), context)
            }
            if json {
                try printJSON(screen)
            } else {
                print(TextRendering.focus(screen, now: context.clock.now(), calendar: context.calendar))
            }
            return
        }
        let context = try reportingErrors { try global.context(runningClock: follow) }
        if follow {
            StatusFollower(context: context, format: lineFormat, output: LineOutput()).run()
        } else {
            let screen = try reportingErrors { try context.focusControl().focus() }
            print(lineFormat.line(screen.status))
        }
    }
}

/// How `focus status` writes one status: the `--follow` JSON line or the waybar module.
enum StatusLineFormat {
    case json
    case waybar

    /// The format the flags ask for; nil for the focus screen (no `--format`, no `--follow`).
    init?(format: String?, json: Bool, follow: Bool) throws {
        switch format?.lowercased() {
        case nil:
            guard follow else { return nil }
            self = .json
        case "json":
            self = .json
        case "waybar":
            guard !json else { throw CLIUsageError("--json and --format waybar disagree: use one of them") }
            self = .waybar
        case let other?:
            throw CLIUsageError("unknown format '\(other)': use \(StatusBarFormat.formatNames.joined(separator: " or "))")
        }
    }

    /// One line for `status`; nil means no session.
    func line(_ status: LiveStatus?) -> String {
        switch self {
        case .json: encodedLine(FocusStatusLine(status))
        case .waybar: encodedLine(StatusBarFormat.waybar(status))
        }
    }

    /// One line for an update of the live status feed.
    func line(_ update: LiveStatusUpdate) -> String {
        switch update {
        case .publish(let status): line(status)
        case .end: line(nil as LiveStatus?)
        }
    }

    private func encodedLine(_ value: some Encodable) -> String {
        // These types hold strings, numbers and dates only, which always encode.
        let data = (try? AgentJSON.encoder(pretty: false).encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
