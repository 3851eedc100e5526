import Foundation

/// How the agent learns which program is in use.
public enum FocusMethod: String, Sendable, Codable, CaseIterable {
    /// The focused X11 window's process, through EWMH (`_NET_ACTIVE_WINDOW`, `_NET_WM_PID`), told on every change.
    case x11
    /// The focused window's process from sway's IPC socket, told on every change.
    case sway
    /// The focused window's process from Hyprland's sockets, told on every change.
    case hyprland
    /// No compositor tells: a program counts while it runs and the session is active (read every few seconds).
    case processes
}

/// How the agent learns whether the person is there.
public enum IdleMethod: String, Sendable, Codable, CaseIterable {
    /// The X11 screen-saver extension's idle time.
    case x11ScreenSaver = "x11-screensaver"
    /// GNOME Mutter's IdleMonitor over D-Bus.
    case mutter
    /// logind's `IdleHint` (and `LockedHint`) of this session.
    case logind
    /// Nothing tells: the person counts as present.
    case none
}

/// What the activity sensor reads at one moment.
public struct ActivityReading: Sendable, Equatable {
    /// The executable name of the focused window's program, when the method knows focus.
    public var focusedProgram: String?
    /// The executable names of this user's running programs, when the method cannot tell focus (`processes`).
    public var runningPrograms: Set<String>?
    /// Seconds since the last input, when known.
    public var idleSeconds: TimeInterval?
    /// True while the screen is locked: counts as idle.
    public var locked: Bool

    public init(focusedProgram: String? = nil, runningPrograms: Set<String>? = nil, idleSeconds: TimeInterval? = nil, locked: Bool = false) {
        self.focusedProgram = focusedProgram
        self.runningPrograms = runningPrograms
        self.idleSeconds = idleSeconds
        self.locked = locked
    }

    /// The programs in use by this reading: the focused one, or every running one when focus is unknown.
    public var programsInUse: Set<String> {
        if let focusedProgram { return [focusedProgram] }
        return runningPrograms ?? []
    }
}

/// The desktop's side of usage measuring (and, later, of natural breaks and presentation deferral):
/// which program is in use and whether the person is there.
///
/// A sensor whose method is told of focus changes calls `onChange` when the focused program changes and
/// never wakes otherwise; a sensor that cannot be told (`processes`) never calls it, and its user reads
/// it every few seconds while something is worth measuring.
public protocol ActivitySensing: AnyObject, Sendable {
    /// How focus is learned.
    var focusMethod: FocusMethod { get }
    /// How idle time is learned.
    var idleMethod: IdleMethod { get }
    /// Starts telling `onChange` (on a private queue) of focus changes, when the method can.
    func start(onChange: @escaping @Sendable () -> Void)
    /// Reads the sensor now; cheap (no process is started).
    func read() -> ActivityReading
    /// Stops telling and releases what it holds.
    func stop()
}
