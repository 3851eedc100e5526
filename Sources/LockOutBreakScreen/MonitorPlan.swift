/// A monitor as the display tells it: an identity that lasts while it is plugged in, and its place in the
/// desktop's logical coordinates (before the monitor's scale).
public struct Monitor: Equatable, Hashable, Sendable {
    public let id: UInt
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    public init(id: UInt, x: Int, y: Int, width: Int, height: Int) {
        self.id = id
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Which windows the break screen opens, moves and closes so that every monitor shows the break once.
///
/// Each monitor gets exactly one window: a monitor plugged in during the break gets one, an unplugged monitor's
/// window closes, a monitor that moved or changed its size gets its window moved — never a second window on it.
public struct MonitorPlan: Equatable, Sendable {
    public var open: [Monitor] = []
    public var move: [Monitor] = []
    public var close: [UInt] = []

    public init(open: [Monitor] = [], move: [Monitor] = [], close: [UInt] = []) {
        self.open = open
        self.move = move
        self.close = close
    }

    /// What to do given the monitors with a window now (`windows`, each where it was placed) and the display's `monitors`.
    public init(windows: [Monitor], monitors: [Monitor]) {
        let placed = Dictionary(windows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<UInt>()
        for monitor in monitors where seen.insert(monitor.id).inserted {
            switch placed[monitor.id] {
            case nil: open.append(monitor)
            case let old? where old != monitor: move.append(monitor)
            case _?: break
            }
        }
        close = windows.map(\.id).filter { !seen.contains($0) }
    }

    public var isEmpty: Bool { open.isEmpty && move.isEmpty && close.isEmpty }
}

/// How a window is kept above everything on its monitor.
public enum WindowPlacement: Equatable, Sendable {
    /// A layer-shell surface on the overlay layer, anchored to all four edges, taking the keyboard exclusively.
    case overlayLayer
    /// An undecorated window full screen on its monitor and kept above the others (X11; Wayland without layer-shell).
    case fullScreenAbove

    /// The placement for a display: the overlay layer on Wayland where the compositor offers layer-shell.
    public static func choose(wayland: Bool, layerShell: Bool) -> WindowPlacement {
        wayland && layerShell ? .overlayLayer : .fullScreenAbove
    }

    /// The one log line a placement that cannot promise to stay above deserves, nil when it can.
    public static func caveat(wayland: Bool, layerShell: Bool) -> String? {
        wayland && !layerShell
            ? "the compositor offers no layer-shell: the break screen is a full-screen window, which other windows may cover"
            : nil
    }
}

/// How a strict break holds the desktop's input while its countdown runs.
public enum InputHold: Equatable, Sendable {
    /// An X11 keyboard and pointer grab: no other window gets a key or a click.
    case grab
    /// The overlay layer's exclusive keyboard (layer-shell): the compositor sends every key to the break screen.
    case exclusiveKeyboard
    /// Nothing can be held: a Wayland compositor without layer-shell (GNOME) lets no client take the input.
    case none

    public static func choose(wayland: Bool, layerShell: Bool) -> InputHold {
        if !wayland { return .grab }
        return layerShell ? .exclusiveKeyboard : .none
    }

    /// The line a strict break screen writes to the agent's log, saying what it holds.
    public var line: String {
        switch self {
        case .grab: "strict break: the keyboard and the pointer are held until the countdown ends"
        case .exclusiveKeyboard: "strict break: the keyboard is held on the overlay layer until the countdown ends"
        case .none: "strict break: this compositor lets no program hold the input (no layer-shell): only the buttons wait for the countdown"
        }
    }
}
