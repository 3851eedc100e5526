import Foundation

/// Why a program can never be blocked: what LockOut's catalog knows it to be, or what this system says of it.
public enum ProtectionReason: Hashable, Sendable, CustomStringConvertible {
    /// A program the catalog knows by name or family: LockOut, a shell, a terminal, a system process, a part of a desktop.
    case known(ProtectedCategory)
    /// A program this system's desktop session starts, as `file` says: an autostart entry, a session file, a
    /// session D-Bus service or a systemd user unit.
    case startedBySession(file: String)
    /// A helper that lives in a libexec folder, at `path`: other programs run it, people do not.
    case helper(path: String)

    /// The reason as a person reads it, after "can never be blocked:".
    public var description: String {
        switch self {
        case .known(let category): category.reason
        case .startedBySession(let file): "the desktop session starts it (\(file))"
        case .helper(let path): "it is a helper of the desktop or the system (\(path)), not an app"
        }
    }

    /// Whether a process running this program is spared whatever name it matched by. Not for a shell: it runs
    /// scripts that are apps in their own right (the `steam` script's process runs `bash`).
    public var sparesProcessesRunningIt: Bool {
        self != .known(.shell)
    }
}
