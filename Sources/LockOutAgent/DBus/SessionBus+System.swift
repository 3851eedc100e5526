#if canImport(CSystemd)
import Foundation
import Logging

extension SessionBus {
    /// Where the system bus listens when `DBUS_SYSTEM_BUS_ADDRESS` does not say.
    static let standardSystemBusAddress = "unix:path=/run/dbus/system_bus_socket"

    /// Connects to the system bus (logind lives there): at `DBUS_SYSTEM_BUS_ADDRESS` in `environment`, else at
    /// its standard socket. A second connection beside the session bus's, watched the same way.
    public static func system(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "lockout.dbus.system")
    ) throws(DBusError) -> SessionBus {
        let address = environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 } ?? standardSystemBusAddress
        return try SessionBus(address: address, kind: "system bus", logger: logger)
    }

    /// Calls a method and blocks the calling thread until its reply (sd-bus's `timeout` bounds the wait):
    /// for a `start` that must say at once whether a service is there. Never from a handler, which runs on
    /// the queue the reply needs.
    func callWaiting(_ call: DBusMethodCall, timeout: Duration = .seconds(5)) throws(DBusError) -> DBusMessage {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let answer = DBusWaitedAnswer<DBusMessage>()
        self.call(call, timeout: timeout) { answer.give($0) }
        return try answer.wait().get()
    }

    /// Subscribes like `subscribe(to:handler:)` and blocks until the bus took the match rule, so that no
    /// signal sent after this returns is missed; throws (and ends the subscription) when it did not. Never
    /// from a handler.
    func subscribeWaiting(
        to match: DBusSignalMatch, handler: @escaping @Sendable (DBusMessage) -> Void
    ) throws(DBusError) -> DBusSubscription {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let answer = DBusWaitedAnswer<Void>()
        let subscription = subscribe(
            to: match, installed: { error in answer.give(error.map { .failure($0) } ?? .success(())) }, handler: handler
        )
        do throws(DBusError) {
            try answer.wait().get()
        } catch {
            subscription.cancel()
            throw error
        }
        return subscription
    }
}

/// One result handed from the bus's queue (or any thread) to a thread that waits for it.
final class DBusWaitedAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let given = DispatchSemaphore(value: 0)
    private var result: Result<Value, DBusError>?

    /// Hands over `result`; only the first one counts.
    func give(_ result: Result<Value, DBusError>) {
        let isFirst = lock.withLock {
            guard self.result == nil else { return false }
            self.result = result
            return true
        }
        if isFirst { given.signal() }
    }

    /// Waits for the result.
    func wait() -> Result<Value, DBusError> {
        given.wait()
        return lock.withLock { result } ?? .failure(DBusError(name: DBusError.noReply, message: "no answer was given"))
    }
}
#endif
