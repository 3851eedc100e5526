import Foundation

/// The programs no block list may name, by kind: exact names, and name families (prefixes) for programs
/// that come in sets (`gsd-*`, `xdg-desktop-portal*`, `ibus*`). Names compare without regard to case.
///
/// Families are chosen so that no app is caught: `gnome-session` and `gnome-shell`, never `gnome-`
/// (gnome-mines is a game); `tracker-`, never `tracker`; `dbus`, `gvfs`, `gsd-` only name system parts.
/// `Tests/Fixtures/sessions/` holds what GNOME, KDE Plasma, Xfce and sway sessions run; every name in
/// them must be found here, and common apps must not be.
public enum ProtectedProgramCatalog {
    /// One kind of protected program: its exact names and its families.
    public struct Entry: Sendable {
        /// The kind, which gives the reason.
        public let category: ProtectedCategory
        /// Names protected exactly.
        public let names: [String]
        /// Name prefixes protected: every name that starts with one.
        public let prefixes: [String]
    }

    /// Every entry: the programs of LockOut and of the system here, those of desktop sessions in the extension.
    public static let entries: [Entry] = systemEntries + desktopEntries

    /// How long a process name is in the process list: Linux cuts `comm` to 15 bytes (`TASK_COMM_LEN` less
    /// its NUL), so `xfce4-power-manager` shows as `xfce4-power-man`.
    public static let processNameLength = 15

    /// The kind of program `name` is, when the catalog protects it. A name of exactly 15 bytes may be a cut
    /// process name, and is protected when a protected name or family starts with it.
    public static func category(of name: String) -> ProtectedCategory? {
        let lowered = name.lowercased()
        if let category = index.names[lowered] { return category }
        if let category = index.prefixes.first(where: { lowered.hasPrefix($0.prefix) })?.category { return category }
        return lowered.utf8.count == processNameLength ? index.cut[lowered] : nil
    }

    /// The first `processNameLength` bytes of `name`: how the process list shows it.
    public static func processName(_ name: String) -> String {
        String(decoding: name.utf8.prefix(processNameLength), as: UTF8.self)
    }

    /// Exact names; prefixes longest first so the most specific family answers; and the cut process names
    /// of the names and prefixes longer than a process name.
    private static let index: (
        names: [String: ProtectedCategory], prefixes: [(prefix: String, category: ProtectedCategory)], cut: [String: ProtectedCategory]
    ) = {
        var names: [String: ProtectedCategory] = [:]
        var prefixes: [(prefix: String, category: ProtectedCategory)] = []
        var cut: [String: ProtectedCategory] = [:]
        for entry in entries {
            for name in (entry.names + entry.prefixes).map({ $0.lowercased() }) where name.utf8.count > processNameLength {
                cut[processName(name)] = cut[processName(name)] ?? entry.category
            }
            for name in entry.names { names[name.lowercased()] = names[name.lowercased()] ?? entry.category }
            prefixes += entry.prefixes.map { ($0.lowercased(), entry.category) }
        }
        return (names, prefixes.sorted { $0.prefix.count > $1.prefix.count }, cut)
    }()

    static let systemEntries: [Entry] = [
        Entry(category: .lockOut, names: [], prefixes: ["lockout"]),
        Entry(category: .shell, names: [
            "sh", "bash", "dash", "zsh", "fish", "ksh", "mksh", "pdksh", "tcsh", "csh", "ash", "busybox", "nu",
            "elvish", "xonsh", "pwsh", "rbash", "yash", "oksh", "loksh", "posh",
        ], prefixes: []),
        Entry(category: .terminal, names: [
            "xterm", "uxterm", "koi8rxterm", "lxterm", "konsole", "yakuake", "alacritty", "kitty", "foot", "footclient",
            "wezterm", "wezterm-gui", "wezterm-mux-server", "tilix", "terminator", "xfce4-terminal", "lxterminal",
            "qterminal", "mate-terminal", "urxvt", "urxvtd", "rxvt", "rxvt-unicode", "st", "ptyxis", "ghostty", "kgx",
            "tmux", "screen", "zellij", "sakura", "guake", "tilda", "cool-retro-term", "terminology", "blackbox",
            "contour", "warp-terminal", "x-terminal-emulator", "deepin-terminal", "eterm", "aterm", "mlterm",
        ], prefixes: ["gnome-terminal", "kitten"]),
        Entry(category: .system, names: [
            "init", "login", "agetty", "getty", "mingetty", "sshd", "sshd-session", "sudo", "su", "doas", "pkexec",
            "run0", "cron", "crond", "anacron", "atd", "udevd", "kthreadd", "rsyslogd", "syslog-ng", "auditd",
            "chronyd", "ntpd", "cupsd", "avahi-daemon", "accounts-daemon", "udisksd", "upowerd", "colord",
            "rtkit-daemon", "switcheroo-control", "power-profiles-daemon", "thermald", "fwupd", "packagekitd",
            "snapd", "flatpak-system-helper", "unattended-upgrades", "apt", "apt-get", "dpkg",
        ], prefixes: ["systemd", "polkit", "kworker", "ksoftirqd"]),
    ]
}
