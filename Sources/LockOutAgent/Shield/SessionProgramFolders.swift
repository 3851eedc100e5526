import Foundation

/// Where a Linux system keeps what its desktop session starts, its app launchers and its helper programs.
///
/// Only the system's own folders count: a person's `~/.config/autostart` holds apps they chose to start
/// (Discord and Steam put themselves there), which stay blockable.
public struct SessionProgramFolders: Hashable, Sendable {
    /// Session files: `/usr/share/xsessions`, `/usr/share/wayland-sessions` (and under `/usr/local/share`).
    public var sessionFiles: [String]
    /// Autostart entries: `/etc/xdg/autostart`.
    public var autostart: [String]
    /// Session D-Bus services: `/usr/share/dbus-1/services`.
    public var dbusServices: [String]
    /// systemd user units: `/usr/lib/systemd/user`, `/etc/systemd/user`, …
    public var systemdUserUnits: [String]
    /// App launchers, whose visible entries make a D-Bus service an ordinary app: `/usr/share/applications`.
    public var applications: [String]
    /// libexec folders: `/usr/libexec`, `/usr/local/libexec`.
    public var libexec: [String]
    /// Folders whose subfolders may hold a `libexec` folder: `/usr/lib` (`/usr/lib/x86_64-linux-gnu/libexec`).
    public var libexecParents: [String]

    /// This system's folders, or the same layout under `LOCKOUT_SYSTEM_ROOT` when it is set (tests write a
    /// system there).
    public static func system(environment: [String: String] = ProcessInfo.processInfo.environment) -> SessionProgramFolders {
        SessionProgramFolders(root: environment["LOCKOUT_SYSTEM_ROOT"] ?? "")
    }

    /// The system's layout under `root`: "" for the system itself, a temporary folder in tests.
    public init(root: String) {
        let shares = [root + "/usr/local/share", root + "/usr/share"]
        sessionFiles = shares.flatMap { [$0 + "/xsessions", $0 + "/wayland-sessions"] }
        autostart = [root + "/etc/xdg/autostart"]
        dbusServices = shares.map { $0 + "/dbus-1/services" }
        systemdUserUnits = ["/etc/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user", "/lib/systemd/user"]
            .map { root + $0 }
        applications = shares.map { $0 + "/applications" }
        libexec = [root + "/usr/libexec", root + "/usr/local/libexec"]
        libexecParents = [root + "/usr/lib"]
    }

    /// Every folder read, for telling whether anything changed since the last read.
    var all: [String] {
        sessionFiles + autostart + dbusServices + systemdUserUnits + applications + libexec + libexecParents
    }
}
