#if canImport(CSystemd)
import Foundation
import Glibc
import LockOutCore

/// Idle time asked over D-Bus: GNOME Mutter's IdleMonitor on the session bus, or logind's hints of this
/// session on the system bus.
///
/// D-Bus answers asynchronously, so `readIdle` returns what the last answer said and sends a fresh question
/// (one at a time): a reading is at most one reading old. Nothing is asked between readings, so the source
/// never wakes the process on its own. A failed call reads as unknown until an answer comes again.
public final class DBusIdleSource: IdleSource, @unchecked Sendable {
    public let idleMethod: IdleMethod
    private let bus: SessionBus
    private let call: DBusMethodCall
    private let interpret: @Sendable (DBusMessage) -> IdleReading?
    private let lock = NSLock()
    private var last = IdleReading()
    private var isAsking = false

    private init(method: IdleMethod, bus: SessionBus, call: DBusMethodCall, interpret: @escaping @Sendable (DBusMessage) -> IdleReading?) {
        idleMethod = method
        self.bus = bus
        self.call = call
        self.interpret = interpret
    }

    /// Mutter's `GetIdletime` (milliseconds since the last input) on `sessionBus`.
    public static func mutter(sessionBus: SessionBus) -> DBusIdleSource {
        DBusIdleSource(
            method: .mutter, bus: sessionBus,
            call: DBusMethodCall(
                destination: "org.gnome.Mutter.IdleMonitor", path: "/org/gnome/Mutter/IdleMonitor/Core",
                interface: "org.gnome.Mutter.IdleMonitor", member: "GetIdletime", allowsAutoStart: false
            ),
            interpret: { reply in
                guard case .uint64(let milliseconds)? = reply.arguments.first else { return nil }
                return IdleReading(idleSeconds: TimeInterval(milliseconds) / 1000)
            }
        )
    }

    /// logind's `IdleHint`, `IdleSinceHintMonotonic` and `LockedHint` of the caller's session (`session/auto`)
    /// on `systemBus`: idle time counts from when the desktop set the hint.
    public static func logind(systemBus: SessionBus, session: String = "auto") -> DBusIdleSource {
        DBusIdleSource(
            method: .logind, bus: systemBus,
            call: DBusMethodCall(
                destination: "org.freedesktop.login1", path: "/org/freedesktop/login1/session/\(session)",
                interface: "org.freedesktop.DBus.Properties", member: "GetAll",
                arguments: [.string("org.freedesktop.login1.Session")], allowsAutoStart: false
            ),
            interpret: { reply in
                guard let properties = reply.arguments.first?.variants, let idle = properties["IdleHint"]?.bool else { return nil }
                let locked = properties["LockedHint"]?.bool ?? false
                guard idle else { return IdleReading(idleSeconds: 0, locked: locked) }
                guard case .uint64(let since)? = properties["IdleSinceHintMonotonic"], since > 0 else {
                    return IdleReading(idleSeconds: nil, locked: locked)
                }
                return IdleReading(idleSeconds: max(0, monotonicMicroseconds() - TimeInterval(since)) / 1_000_000, locked: locked)
            }
        )
    }

    /// The system bus at its standard address, or `DBUS_SYSTEM_BUS_ADDRESS`.
    public static func systemBus(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DBusError) -> SessionBus {
        try SessionBus.system(environment: environment)
    }

    public func readIdle() -> IdleReading {
        let (reading, ask) = lock.withLock {
            defer { isAsking = true }
            return (last, !isAsking)
        }
        if ask { askAgain() }
        return reading
    }

    /// Sends the question; its answer replaces the last reading.
    private func askAgain() {
        let interpret = interpret
        bus.call(call, timeout: .seconds(5)) { [weak self] result in
            guard let self else { return }
            let reading = (try? result.get()).flatMap(interpret) ?? IdleReading()
            lock.withLock {
                last = reading
                isAsking = false
            }
        }
    }

    /// `CLOCK_MONOTONIC` in microseconds: the clock logind's `…Monotonic` hints count on.
    static func monotonicMicroseconds() -> TimeInterval {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return TimeInterval(now.tv_sec) * 1_000_000 + TimeInterval(now.tv_nsec) / 1_000
    }
}
#endif
