#if canImport(CSystemd)
import CSystemd
import Foundation

extension SessionBus {
    /// Calls a method without waiting; `reply` gets the answer, the peer's error, or a local one (a
    /// timeout, the connection closing), exactly once, on the bus's queue.
    public func call(
        _ call: DBusMethodCall,
        timeout: Duration = .seconds(25),
        reply: @escaping @Sendable (Result<DBusMessage, DBusError>) -> Void
    ) {
        queue.async { [self] in
            do throws(DBusError) {
                try send(call, timeout: timeout, read: DBusMessageReader.message, reply: reply)
            } catch {
                reply(.failure(error))
            }
            updateWatch()
        }
    }

    /// Calls a method and waits for its reply, up to `timeout`.
    public func call(_ call: DBusMethodCall, timeout: Duration = .seconds(25)) async throws(DBusError) -> DBusMessage {
        let result = await withCheckedContinuation { continuation in
            self.call(call, timeout: timeout) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Builds and sends `call`; `read` makes the reply's value; on queue.
    func send<Value>(
        _ call: DBusMethodCall,
        timeout: Duration,
        read: @escaping (OpaquePointer) throws(DBusError) -> Value,
        reply: @escaping @Sendable (Result<Value, DBusError>) -> Void
    ) throws(DBusError) {
        try requireOpen()
        var created: OpaquePointer?
        let result = sd_bus_message_new_method_call(bus, &created, call.destination, call.path, call.interface, call.member)
        guard result >= 0, let message = created else {
            throw DBusError.local("calling \(call.interface).\(call.member) on \(call.destination)", errno: -result)
        }
        defer { sd_bus_message_unref(message) }
        if !call.allowsAutoStart { sd_bus_message_set_auto_start(message, 0) }
        try DBusMessageWriter.append(call.arguments, to: message)
        let member = call.member
        let handler = DBusHandler(onMessage: { message in
            if let error = DBusMessageReader.error(in: message) {
                reply(.failure(error))
                return
            }
            do {
                reply(.success(try read(message)))
            } catch {
                reply(.failure(DBusError(name: DBusError.invalidArgs, message: "the reply to \(member) could not be read: \(error)")))
            }
        })
        let (seconds, attoseconds) = timeout.components
        let microseconds = max(1, UInt64(clamping: seconds) * 1_000_000 + UInt64(clamping: attoseconds / 1_000_000_000_000))
        try handler.install("calling \(member)") { slot, userdata, callback in
            sd_bus_call_async(bus, slot, message, callback, userdata, microseconds)
        }
    }

    /// Delivers every signal that matches `match` to `handler`, on the bus's queue, until the
    /// subscription is cancelled (or released).
    public func subscribe(to match: DBusSignalMatch, handler: @escaping @Sendable (DBusMessage) -> Void) -> DBusSubscription {
        subscribe(to: match, installed: { _ in }, handler: handler)
    }

    /// Like `subscribe(to:handler:)`; `installed` learns once whether the bus took the match rule.
    func subscribe(
        to match: DBusSignalMatch,
        installed: @escaping @Sendable (DBusError?) -> Void,
        handler: @escaping @Sendable (DBusMessage) -> Void
    ) -> DBusSubscription {
        let subscription = DBusSubscription(bus: self, id: nextSubscriptionID())
        queue.async { [self] in
            let rule = match.rule
            let box = DBusHandler(
                onMessage: { message in
                    guard let signal = try? DBusMessageReader.message(message) else { return }
                    handler(signal)
                },
                onInstalled: { message in installed(DBusMessageReader.error(in: message)) }
            )
            do throws(DBusError) {
                try requireOpen()
                let slot = try box.installKeepingSlot("adding the match \(rule)") { slot, userdata, callback, installCallback in
                    sd_bus_add_match_async(bus, slot, rule, callback, installCallback, userdata)
                }
                matches[subscription.id] = slot
            } catch {
                logger.error("could not subscribe to \(rule): \(error)")
                installed(error)
            }
            updateWatch()
        }
        return subscription
    }

    /// Drops the match of subscription `id`; on queue.
    func unsubscribe(_ id: UInt64) {
        closeHandlers[id] = nil
        guard let slot = matches.removeValue(forKey: id) else { return }
        sd_bus_slot_unref(slot)  // also asks the bus to remove the match rule
        updateWatch()
    }
}

/// A signal subscription or an owner watch; cancelling it, or releasing the last reference, ends it.
public final class DBusSubscription: @unchecked Sendable {
    private let bus: SessionBus
    let id: UInt64

    init(bus: SessionBus, id: UInt64) {
        self.bus = bus
        self.id = id
    }

    deinit {
        cancel()
    }

    /// Stops delivering; a signal already being handled finishes.
    public func cancel() {
        let (bus, id) = (bus, id)
        bus.perform { bus.unsubscribe(id) }
    }
}
#endif
