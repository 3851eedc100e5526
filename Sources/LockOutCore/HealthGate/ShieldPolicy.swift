import Foundation

/// Which programs the shield may ever touch: never LockOut itself, a shell, a terminal, a session
/// or display component, or a system process, so a block list can never lock a person out of their machine.
public enum ShieldPolicy {
    /// Names protected exactly (compared without regard to case).
    public static let protectedNames: Set<String> = [
        // LockOut itself
        "lockout",
        // shells
        "sh", "bash", "dash", "zsh", "fish", "ksh", "mksh", "pdksh", "tcsh", "csh", "ash", "busybox",
        "nu", "elvish", "xonsh", "pwsh", "rbash",
        // terminals and multiplexers
        "xterm", "uxterm", "gnome-terminal", "gnome-terminal-server", "konsole", "alacritty", "kitty",
        "foot", "footclient", "wezterm", "wezterm-gui", "tilix", "terminator", "xfce4-terminal",
        "lxterminal", "mate-terminal", "urxvt", "rxvt", "st", "ptyxis", "ghostty", "kgx", "tmux", "screen",
        // display servers, desktops and compositors
        "x", "xorg", "xwayland", "gnome-shell", "gnome-session", "plasmashell", "ksmserver", "sway",
        "swaybg", "hyprland", "mutter", "weston", "labwc", "river", "wayfire", "niri", "xfwm4",
        "xfce4-session", "openbox", "i3", "awesome", "bspwm",
        // logins, privileges and system services
        "init", "login", "agetty", "getty", "sshd", "ssh-agent", "sudo", "su", "doas", "pkexec",
        "gdm", "sddm", "lightdm", "greetd", "networkmanager", "wpa_supplicant", "pipewire",
        "pipewire-pulse", "wireplumber", "pulseaudio", "cron", "crond", "udevd", "kthreadd", "polkitd",
    ]

    /// Name prefixes protected (compared without regard to case): families of system processes.
    public static let protectedPrefixes: [String] = [
        "lockout", "systemd", "dbus", "kwin", "gnome-session", "gdm-", "sddm-", "polkit", "xdg-desktop-portal",
        "at-spi", "gvfs", "kworker", "ksoftirqd",
    ]

    /// Whether `executable` is a plain name the shield may block.
    public static func mayBlock(_ executable: String) -> Bool {
        (try? check(executable)) != nil
    }

    /// Throws `.malformedAppName` for anything but a plain executable name and `.protectedApp` for a protected one.
    public static func check(_ executable: String) throws(GateInputError) {
        guard !executable.isEmpty, executable.count <= 255, executable != ".", executable != "..",
              !executable.contains("/"),
              !executable.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) })
        else { throw .malformedAppName(executable) }
        let name = executable.lowercased()
        if protectedNames.contains(name) || protectedPrefixes.contains(where: { name.hasPrefix($0) }) {
            throw .protectedApp(executable)
        }
    }
}
