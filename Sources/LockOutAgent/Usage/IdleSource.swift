import Foundation
import LockOutCore

/// What an idle source tells at one moment.
public struct IdleReading: Equatable, Sendable {
    /// Seconds since the last input, when known.
    public var idleSeconds: TimeInterval?
    /// True while the screen is locked.
    public var locked: Bool

    /// A reading of `idleSeconds` and the lock state.
    public init(idleSeconds: TimeInterval? = nil, locked: Bool = false) {
        self.idleSeconds = idleSeconds
        self.locked = locked
    }
}

/// Where a sensor whose focus method cannot tell idle time learns it: the X screen saver, GNOME's idle
/// monitor, logind. Reading is cheap and never blocks for long.
public protocol IdleSource: AnyObject, Sendable {
    /// How it learns.
    var idleMethod: IdleMethod { get }
    /// The idle time and lock state now (or as last learnt, for a source that asks asynchronously).
    func readIdle() -> IdleReading
}
