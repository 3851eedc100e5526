import Foundation

/// What kind of program the shield must never stop, so a block list can never take away LockOut itself,
/// a way to type commands, the login, or a part of the desktop session a person needs to keep working.
public enum ProtectedCategory: String, CaseIterable, Codable, Hashable, Sendable {
    /// LockOut and its helpers (`lockout`, `lockout-*`).
    case lockOut
    /// Shells (bash, zsh, fish, …): blocking one would stop every terminal and script.
    case shell
    /// Terminal emulators and multiplexers (gnome-terminal, konsole, foot, tmux, …).
    case terminal
    /// init, logins, privilege tools and system daemons (systemd, login, sudo, sshd, …).
    case system
    /// Display managers and greeters (gdm, sddm, lightdm, greetd, …).
    case displayManager
    /// X servers, nested and virtual ones, and Xwayland (Xorg, Xvfb, Xephyr, Xwayland, …).
    case displayServer
    /// Compositors and window managers (mutter, kwin, xfwm4, sway, Hyprland, …).
    case compositor
    /// Desktop shells, panels, bars and wallpaper programs (gnome-shell, plasmashell, waybar, swaybg, …).
    case panel
    /// Program launchers (krunner, wofi, rofi, dmenu, …).
    case launcher
    /// Session managers and session start scripts (gnome-session, ksmserver, xfce4-session, startplasma-x11, …).
    case sessionManager
    /// Settings daemons (gsd-*, xfsettingsd, kded5, xfconfd, …).
    case settingsDaemon
    /// Notification daemons (dunst, mako, swaync, xfce4-notifyd, …).
    case notificationDaemon
    /// D-Bus daemons and tools (dbus-daemon, dbus-broker, gdbus, busctl, notify-send, …).
    case messageBus
    /// XDG desktop portals (xdg-desktop-portal*, xdg-document-portal, …).
    case portal
    /// Keyrings and agents (gnome-keyring-daemon, kwalletd*, ssh-agent, gpg-agent, pinentry, …).
    case keyring
    /// Polkit authentication agents.
    case polkitAgent
    /// Input method frameworks (ibus*, fcitx*, …).
    case inputMethod
    /// Screen lockers and idle daemons (swaylock, i3lock, xscreensaver, swayidle, xss-lock, …).
    case screenLocker
    /// The accessibility bus and assistive tools (at-spi*, orca, kaccess, …).
    case accessibility
    /// File services of the desktop (gvfs*, tumblerd, tracker, baloo, kio workers, Thunar's daemon, …).
    case files
    /// Personal data services (evolution-data-server, GNOME Online Accounts, geoclue, KDE Connect, …).
    case personalData
    /// Power managers (powerdevil, xfce4-power-manager, …).
    case power
    /// Sound servers (pipewire, wireplumber, pulseaudio).
    case audio
    /// Network and Bluetooth applets and daemons (NetworkManager, nm-applet, blueman, …).
    case network
    /// Other background services of a desktop session (gjs, kdeinit5, klauncher, drkonqi, …).
    case desktopService

    /// Why a program of this kind stays allowed, said of it ("it is …").
    public var reason: String {
        switch self {
        case .lockOut: "it is part of LockOut"
        case .shell: "it is a shell"
        case .terminal: "it is a terminal"
        case .system: "it is a system process"
        case .displayManager: "it is the display manager, which shows the login screen"
        case .displayServer: "it is an X or Wayland display server"
        case .compositor: "it is the desktop's compositor or window manager"
        case .panel: "it is the desktop's shell, panel, bar or wallpaper"
        case .launcher: "it is the desktop's program launcher"
        case .sessionManager: "it starts and runs the desktop session"
        case .settingsDaemon: "it applies the desktop's settings"
        case .notificationDaemon: "it is the desktop's notification daemon"
        case .messageBus: "it is D-Bus, the desktop's message bus, or one of its tools"
        case .portal: "it is a desktop portal, through which apps open files and share the screen"
        case .keyring: "it keeps the session's keys and passwords"
        case .polkitAgent: "it asks for the password when a program needs administrator rights (a polkit agent)"
        case .inputMethod: "it is an input method, through which some languages are typed"
        case .screenLocker: "it locks the screen, or locks it when the computer is idle"
        case .accessibility: "it carries the desktop's accessibility: screen readers and assistive tools"
        case .files: "it serves the desktop's files: mounts, trash, thumbnails or the search index"
        case .personalData: "it serves the desktop's accounts, contacts, calendars or location"
        case .power: "it manages power, brightness and suspend"
        case .audio: "it is the sound server"
        case .network: "it manages network or Bluetooth connections"
        case .desktopService: "it is a background service of the desktop session"
        }
    }
}
