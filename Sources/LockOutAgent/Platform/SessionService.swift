import Foundation
import Glibc

/// What `lockout service install|uninstall|status` does: starts the agent with the desktop session — as a
/// systemd user unit, or an XDG autostart entry where there is no systemd user manager — and puts LockOut
/// in the application menu (a desktop entry that runs `lockout open`, and the eye icon).
///
/// Files are written to a temporary file beside them and renamed into place, so none is ever left
/// half-written. `systemctl --user` runs through `ChildProcess`, behind a closure that tests replace.
public struct SessionService {
    /// What one `systemctl --user …` call did: nil when no `systemctl` could be started.
    public typealias Systemctl = ([String]) -> SystemctlResult?

    /// The files this command writes, and nothing else it ever removes.
    public struct Files: Equatable, Sendable {
        public let unit: URL
        public let autostart: URL
        public let desktopEntry: URL
        public let icon: URL

        /// The paths under `$XDG_CONFIG_HOME` (default `~/.config`) and `$XDG_DATA_HOME` (default `~/.local/share`).
        public init(environment: [String: String]) {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
            func base(_ key: String, _ fallback: String) -> URL {
                if let value = environment[key], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
                return home.appendingPathComponent(fallback)
            }
            let config = base("XDG_CONFIG_HOME", ".config")
            let data = base("XDG_DATA_HOME", ".local/share")
            unit = config.appendingPathComponent("systemd/user/\(SessionService.unitName)")
            autostart = config.appendingPathComponent("autostart/lockout.desktop")
            desktopEntry = data.appendingPathComponent("applications/lockout.desktop")
            icon = data.appendingPathComponent("icons/hicolor/256x256/apps/lockout.png")
        }
    }

    /// The unit's name.
    public static let unitName = "lockout.service"

    /// The `lockout` binary the unit and the entries run (an absolute path).
    public let binary: String
    /// The data directory the agent and the web app use, when not the default.
    public let dataDirectory: String?
    /// Where the files go.
    public let files: Files
    private let systemctl: Systemctl

    /// A service for `binary` (with `--data-dir dataDirectory` when given) writing `files`, calling
    /// `systemctl` (the real one by default).
    public init(binary: String, dataDirectory: String? = nil, files: Files, systemctl: Systemctl? = nil) {
        self.binary = binary
        self.dataDirectory = dataDirectory
        self.files = files
        self.systemctl = systemctl ?? { SessionService.runSystemctl($0, environment: ProcessInfo.processInfo.environment) }
    }

    /// The running executable's absolute path (`/proc/self/exe`).
    public static func runningBinary() -> String {
        let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return resolved ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    // MARK: The texts

    /// The systemd user unit: the agent in the graphical session, restarted after a failure, logging to the journal.
    public var unitText: String {
        """
        [Unit]
        Description=LockOut break reminders
        PartOf=graphical-session.target
        After=graphical-session.target

        [Service]
        ExecStart=\(command("run", quoting: Self.unitArgument))
        Restart=on-failure
        RestartSec=5

        [Install]
        WantedBy=graphical-session.target

        """
    }

    /// The XDG autostart entry, for a session without a systemd user manager.
    public var autostartText: String {
        """
        [Desktop Entry]
        Type=Application
        Name=LockOut agent
        Comment=LockOut break reminders
        Exec=\(command("run", quoting: Self.desktopArgument))
        Icon=lockout
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
    }

    /// The application menu's entry: opens the web app.
    public var desktopEntryText: String {
        """
        [Desktop Entry]
        Type=Application
        Name=LockOut
        Comment=Breaks, focus sessions and a health gate
        Exec=\(command("open", quoting: Self.desktopArgument))
        Icon=lockout
        Categories=Utility;
        Terminal=false

        """
    }

    /// `binary verb`, with the data directory when there is one, each argument quoted by `quoting`.
    private func command(_ verb: String, quoting: (String) -> String) -> String {
        ([binary, verb] + (dataDirectory.map { ["--data-dir", $0] } ?? [])).map(quoting).joined(separator: " ")
    }

    /// An argument of `ExecStart`: `%` and `$` doubled (specifiers and variables), quoted C-style when it
    /// holds a space, a quote or a backslash.
    static func unitArgument(_ argument: String) -> String {
        let plain = argument.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        guard plain.rangeOfCharacter(from: CharacterSet(charactersIn: " \t\n\"'\\;")) != nil else { return plain }
        return "\"" + plain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// An argument of a desktop entry's `Exec`: quoted when it holds a reserved character, with `"`, `` ` ``,
    /// `$` and `\` escaped inside the quotes, `%` doubled, and then every backslash doubled again, as the
    /// value of a string key wants.
    static func desktopArgument(_ argument: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`")
        var quoted = argument
        if argument.rangeOfCharacter(from: reserved) != nil {
            quoted = "\""
            for character in argument {
                if "\"`$\\".contains(character) { quoted.append("\\") }
                quoted.append(character)
            }
            quoted.append("\"")
        }
        return quoted.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "\\", with: "\\\\")
    }

    // MARK: Install, uninstall, status

    /// Writes the unit (enabled and started) or, without a systemd user manager, the autostart entry; then
    /// the desktop entry and the icon. Says what it did, one line each, through `report`.
    public func install(report: (String) -> Void) throws(SessionServiceError) {
        if systemdAvailable() {
            report(try write(Data(unitText.utf8), to: files.unit))
            try call(["daemon-reload"])
            try call(["enable", "--now", Self.unitName])
            report("Enabled and started \(Self.unitName) (systemctl --user).")
            if try remove(files.autostart) { report("Removed \(files.autostart.path): the unit starts LockOut now.") }
        } else {
            report(try write(Data(autostartText.utf8), to: files.autostart))
            report("No systemd user manager: LockOut starts with the next desktop session through the autostart entry.")
        }
        report(try write(Data(desktopEntryText.utf8), to: files.desktopEntry))
        report(try write(SessionIcon.png, to: files.icon))
    }

    /// Disables and stops the unit when systemd is there, and removes the files `install` writes. A failing
    /// `disable` does not keep the files: they are removed all the same, and the failure is thrown at the end.
    public func uninstall(report: (String) -> Void) throws(SessionServiceError) {
        let systemd = systemdAvailable()
        var disableFailure: SessionServiceError?
        if systemd, FileManager.default.fileExists(atPath: files.unit.path) {
            do {
                try call(["disable", "--now", Self.unitName])
                report("Disabled and stopped \(Self.unitName).")
            } catch {
                disableFailure = error
            }
        }
        var removed = false
        for file in [files.unit, files.autostart, files.desktopEntry, files.icon] where try remove(file) {
            report("Removed \(file.path)")
            removed = true
        }
        if systemd { try call(["daemon-reload"]) }
        if let disableFailure { throw disableFailure }
        if !removed { report("Nothing to remove: the service is not installed.") }
    }

    /// Which files are installed, and the unit's state when systemd is there.
    public func status() -> [String] {
        func installed(_ label: String, _ file: URL) -> String {
            "\(label): \(FileManager.default.fileExists(atPath: file.path) ? "installed" : "not installed") (\(file.path))"
        }
        var lines = [
            installed("unit", files.unit), installed("autostart entry", files.autostart),
            installed("desktop entry", files.desktopEntry), installed("icon", files.icon),
        ]
        if systemdAvailable() {
            for query in ["is-enabled", "is-active"] {
                let answer = systemctl([query, Self.unitName])
                let text = answer.map { String(decoding: $0.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
                lines.append("systemctl --user \(query): \(text.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")")
            }
        } else {
            lines.append("systemd user manager: not available")
        }
        return lines
    }

    /// Whether `systemctl --user` reaches a user manager.
    private func systemdAvailable() -> Bool {
        systemctl(["show-environment"])?.status == 0
    }

    private func call(_ arguments: [String]) throws(SessionServiceError) {
        guard let result = systemctl(arguments) else { throw .systemctlFailed(arguments: arguments, message: "systemctl could not be started") }
        guard result.status == 0 else {
            let message = String(decoding: result.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .systemctlFailed(arguments: arguments, message: message.isEmpty ? "exit status \(result.status)" : message)
        }
    }
}

/// What `systemctl` answered.
public struct SystemctlResult: Sendable {
    /// Its exit status (the signal's number when a signal ended it).
    public let status: Int32
    /// Its stdout.
    public let output: Data
    /// Its stderr.
    public let errors: Data

    /// An answer with `status`, `output` and `errors`.
    public init(status: Int32, output: Data = Data(), errors: Data = Data()) {
        self.status = status
        self.output = output
        self.errors = errors
    }
}

/// Why the service could not be installed, removed or read.
public enum SessionServiceError: Error, Equatable, CustomStringConvertible {
    /// A directory or file could not be written.
    case couldNotWrite(path: String, reason: String)
    /// A file could not be removed.
    case couldNotRemove(path: String, reason: String)
    /// `systemctl --user ARGUMENTS` failed.
    case systemctlFailed(arguments: [String], message: String)

    public var description: String {
        switch self {
        case .couldNotWrite(let path, let reason): "could not write \(path): \(reason)"
        case .couldNotRemove(let path, let reason): "could not remove \(path): \(reason)"
        case .systemctlFailed(let arguments, let message):
            "systemctl --user \(arguments.joined(separator: " ")) failed: \(message)"
        }
    }
}
