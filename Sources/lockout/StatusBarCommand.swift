import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// How `lockout status --format` writes what a status bar shows: the snapshot as JSON, the waybar module
/// or the i3blocks line.
enum StatusBarLineFormat {
    case json
    case waybar
    case i3blocks

    /// The format the flags ask for; nil for the dashboard (no `--format`, no `--follow`).
    init?(format: String?, json: Bool, follow: Bool) throws {
        switch format?.lowercased() {
        case nil:
            guard follow else { return nil }
            self = .json
        case "json":
            self = .json
        case let name? where name == "waybar" || name == "i3blocks":
            guard !json else { throw CLIUsageError("--json and --format \(name) disagree: use one of them") }
            self = name == "waybar" ? .waybar : .i3blocks
        case let other?:
            let names = StatusBarFormat.barFormatNames
            throw CLIUsageError("unknown format '\(other)': use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
    }

    /// One line for `snapshot`; nil means no agent answers (the JSON is then `{"state":"stopped"}`).
    func line(_ snapshot: StatusBarSnapshot?) -> String {
        switch self {
        case .json: snapshot.map(encodedLine) ?? encodedLine(["state": "stopped"])
        case .waybar: encodedLine(StatusBarFormat.waybar(snapshot))
        case .i3blocks: StatusBarFormat.i3blocks(snapshot)
        }
    }

    private func encodedLine(_ value: some Encodable) -> String {
        // These types hold strings, numbers and dates only, which always encode.
        let data = (try? AgentJSON.encoder(pretty: false).encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension Status {
    /// `--format` without `--follow`: one line of the breaks and the focus session now, agent or not.
    func printStatusBarLine(_ format: StatusBarLineFormat) throws {
        let line = try reportingErrors {
            let context = try global.context()
            let dashboard = try context.control().dashboard()
            let focus = try context.focusControl().focus().status
            let snapshot = StatusBarSnapshot(dashboard: dashboard, focus: focus, now: context.clock.now(), calendar: context.calendar)
            return format.line(snapshot)
        }
        print(line)
    }

    /// `--follow`: a line per change, for as long as stdout is open; the stopped line while no agent answers.
    func followStatusBar(_ format: StatusBarLineFormat) throws {
        let context = try reportingErrors { try global.context(runningClock: true) }
        StatusFollower(stopped: format.line(nil), output: LineOutput()) { write in
            try context.control().followStatusBar { snapshot in write(format.line(snapshot)) }
        }.run()
    }
}
