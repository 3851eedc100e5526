import Foundation

extension ProtectedProgramCatalog {
    /// The parts of desktop sessions: GNOME, KDE Plasma, Xfce, sway and the other common desktops and window managers.
    static let desktopEntries: [Entry] = [
        Entry(category: .displayManager, names: [
            "gdm", "gdm3", "xdm", "slim", "ly", "nodm", "entrance", "agreety", "tuigreet", "gtkgreet", "regreet",
            "wlgreet", "nwg-hello", "dm-tool",
        ], prefixes: ["gdm-", "sddm", "lightdm", "lxdm", "greetd"]),
        Entry(category: .displayServer, names: [
            "X", "Xorg", "Xorg.wrap", "Xwayland", "Xvfb", "Xephyr", "Xnest", "Xvnc", "Xtigervnc", "Xtightvnc", "Xdmx",
            "Xfbdev", "Xdummy", "Xwin", "xinit", "startx", "xrdb", "xvfb-run", "xwfb-run",
        ], prefixes: ["xwayland", "xvnc", "xtigervnc"]),
        Entry(category: .compositor, names: [
            "sway", "swaymsg", "swaynag", "weston", "river", "niri", "i3", "i3-msg", "i3-nagbar", "awesome", "bspwm",
            "bspc", "sxhkd", "dwm", "herbstluftwm", "fluxbox", "jwm", "qtile", "spectrwm", "fvwm", "fvwm3", "twm",
            "ctwm", "marco", "muffin", "metacity", "compiz", "xcompmgr", "compton", "cage", "kanshi", "way-displays",
        ], prefixes: [
            "mutter", "kwin", "xfwm4", "hypr", "labwc", "wayfire", "openbox", "xmonad", "icewm", "enlightenment",
            "picom", "gamescope", "cosmic-comp",
        ]),
        Entry(category: .panel, names: [
            "waybar", "swaybar", "swaybg", "i3bar", "i3status", "i3status-rs", "i3blocks", "tint2", "lxpanel",
            "gnome-panel", "yambar", "eww", "ironbar", "sfwbar", "lemonbar", "dzen2", "xmobar", "plank", "latte-dock",
            "cairo-dock", "wpaperd", "mpvpaper", "xembedsniproxy", "gmenudbusmenuproxy", "snixembed", "stalonetray",
            "trayer", "nemo-desktop", "wrapper-1.0", "wrapper-2.0",
        ], prefixes: [
            // Xfce runs each panel plugin as `panel-ID-NAME` (`panel-6-systray`) through its wrapper.
            "panel-", "gnome-shell", "plasma", "xfce4-panel", "xfdesktop", "polybar", "lxqt-panel", "mate-panel", "budgie-",
            "cinnamon", "nwg-panel", "nwg-dock", "ksplash", "swww", "wf-panel", "wf-background", "wf-dock",
        ]),
        Entry(category: .launcher, names: [
            "krunner", "wofi", "fuzzel", "tofi", "wmenu", "ulauncher", "albert", "anyrun", "walker", "xfce4-appfinder",
        ], prefixes: ["dmenu", "bemenu", "rofi", "j4-dmenu"]),
        Entry(category: .sessionManager, names: [
            "startxfce4", "plasma_session", "plasma-shutdown", "plasma_waitforname", "plasma-dbus-run-session-if-needed",
            "kde-systemd-start-condition", "uwsm", "dex", "lxqt-leave", "wlogout", "wleave",
        ], prefixes: [
            "gnome-session", "ksmserver", "startplasma", "xfce4-session", "xfsm-", "lxsession", "lxqt-session",
            "mate-session", "cinnamon-session", "budgie-session",
        ]),
        Entry(category: .settingsDaemon, names: [
            "gnome-settings-daemon", "xsettingsd", "mate-settings-daemon", "dconf", "dconf-service", "xiccd",
            "kcmdatetimehelper",
        ], prefixes: ["gsd-", "csd-", "xfsettingsd", "xfconf", "kded", "kcminit", "kglobalaccel", "kscreen", "xdg-user-dirs"]),
        Entry(category: .notificationDaemon, names: [
            "mako", "makoctl", "notify-osd", "notifyd", "lxqt-notificationd", "mate-notification-daemon", "twmnd",
            "linux-notification-center", "deadd-notification-center",
        ], prefixes: ["dunst", "swaync", "fnott", "xfce4-notifyd", "notification-daemon"]),
        Entry(category: .messageBus, names: ["gdbus", "busctl", "notify-send"], prefixes: ["dbus", "qdbus"]),
        Entry(category: .portal, names: [], prefixes: ["xdg-desktop-portal", "xdg-document-portal", "xdg-permission-store"]),
        Entry(category: .keyring, names: [
            "ssh-agent", "agent-launch", "scdaemon", "dirmngr", "keyboxd", "ksshaskpass", "ksecretd",
        ], prefixes: ["gnome-keyring", "kwalletd", "gcr-", "gpg-", "pinentry", "ssh-askpass"]),
        Entry(category: .polkitAgent, names: [
            "lxpolkit", "hyprpolkitagent", "mate-polkit", "xfce-polkit", "soteria",
        ], prefixes: ["polkit-", "lxqt-policykit"]),
        Entry(category: .inputMethod, names: ["uim", "hime", "gcin", "nimf", "kime"], prefixes: [
            "ibus", "fcitx", "kimpanel", "uim-", "scim", "mozc", "maliit",
        ]),
        Entry(category: .screenLocker, names: [
            "slock", "xsecurelock", "physlock", "vlock", "waylock", "gtklock", "hyprlock", "hypridle", "swayidle",
            "xss-lock", "xautolock", "xidlehook", "betterlockscreen", "xlock", "xflock4", "lxlock",
        ], prefixes: [
            "swaylock", "i3lock", "xscreensaver", "light-locker", "kscreenlocker", "gnome-screensaver",
            "mate-screensaver", "cinnamon-screensaver", "xfce4-screensaver",
        ]),
        Entry(category: .accessibility, names: ["orca", "kaccess", "onboard", "speech-dispatcher"], prefixes: ["at-spi"]),
        Entry(category: .files, names: ["smbnotifier", "kdeeject", "udiskie", "Thunar", "thunar"], prefixes: [
            "gvfs", "tumbler", "tracker-", "tracker3", "localsearch", "baloo", "kioslave", "kioworker", "kiod",
            "kioexec", "kio_", "kioclient", "kdecp", "kdemv", "thunar-", "kcookiejar",
        ]),
        Entry(category: .personalData, names: ["kdeconnectd", "signond"], prefixes: [
            "evolution-", "camel-", "goa-", "geoclue", "akonadi", "zeitgeist-",
        ]),
        Entry(category: .power, names: [
            "backlighthelper", "chargethresholdhelper", "discretegpuhelper", "poweralertd",
        ], prefixes: [
            "org_kde_powerdevil", "powerdevil", "xfce4-power-manager", "xfce4-pm-helper", "xfpm-",
            "mate-power-manager", "lxqt-powermanagement",
        ]),
        Entry(category: .audio, names: [], prefixes: ["pipewire", "wireplumber", "pulseaudio"]),
        Entry(category: .network, names: [
            "NetworkManager", "nm-applet", "nm-tray", "wpa_supplicant", "iwd", "connmand", "bluetoothd", "obexd",
            "ModemManager", "kpac_dhcp_helper",
        ], prefixes: ["blueman-", "bluedevil"]),
        Entry(category: .desktopService, names: [
            "gjs", "gjs-console", "klauncher", "kdesu", "klipper", "ksystemstats", "kactivitymanagerd", "kwrited",
            "kfontprint", "plasma-browser-integration-host", "plasma-changeicons",
        ], prefixes: [
            "kdeinit", "start_kdeinit", "kwrapper", "kshell", "kstart", "kde-open", "drkonqi", "fontinst",
            "gnome-remote-desktop",
        ]),
    ]
}
