#if canImport(CSystemd)
import CSystemd
import Foundation

/// What an exported object answers a method call with: the reply's values, or an error.
public enum DBusAnswer: Hashable, Sendable {
    case reply([DBusValue])
    case error(DBusError)
}

extension SessionBus {
    /// Answers the method calls made on the object at `path`: `handler` gets each one on the bus's queue and
    /// gives the answer, or nil for a method the object does not have (sd-bus then answers `UnknownMethod`).
    /// Cancelling the subscription, or releasing it, removes the object.
    public func export(path: String, handler: @escaping @Sendable (DBusMessage) -> DBusAnswer?) -> DBusSubscription {
        let subscription = DBusSubscription(bus: self, id: nextSubscriptionID())
        queue.async { [self] in
            let object = DBusObjectHandler(handler: handler)
            do throws(DBusError) {
                try requireOpen()
                matches[subscription.id] = try object.install(path: path, on: bus)
            } catch {
                logger.error("could not export \(path): \(error)")
            }
        }
        return subscription
    }

    /// Sends the signal `interface`.`member` from the object at `path` with `arguments`, after everything
    /// already asked of the connection; a failure is logged.
    public func emit(path: String, interface: String, member: String, arguments: [DBusValue] = []) {
        queue.async { [self] in
            do throws(DBusError) {
                try requireOpen()
                var created: OpaquePointer?
                let result = sd_bus_message_new_signal(bus, &created, path, interface, member)
                guard result >= 0, let signal = created else { throw DBusError.local("making the signal \(member)", errno: -result) }
                defer { sd_bus_message_unref(signal) }
                try DBusMessageWriter.append(arguments, to: signal)
                let sent = sd_bus_send(bus, signal, nil)
                guard sent >= 0 else { throw DBusError.local("sending the signal \(member)", errno: -sent) }
            } catch {
                logger.warning("could not send \(interface).\(member): \(error)")
            }
            updateWatch()
        }
    }

    /// Asks the bus for the well-known name `name`, without queueing for it; `done` learns whether this
    /// connection owns it now, on the bus's queue.
    public func requestName(_ name: String, done: @escaping @Sendable (Bool) -> Void) {
        let request = DBusMethodCall(
            destination: Self.daemon, path: "/org/freedesktop/DBus", interface: Self.daemon,
            member: "RequestName", arguments: [.string(name), .uint32(4)]  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        )
        let logger = logger
        call(request, timeout: .seconds(10)) { result in
            switch result {
            case .success(let reply):
                // 1: now the primary owner; 4: it already was.
                done([1, 4].contains(reply.arguments.first?.uint32))
            case .failure(let error):
                logger.warning("could not ask for the name \(name): \(error)")
                done(false)
            }
        }
    }
}

/// An exported object's handler, handed to sd-bus as the object callback's userdata and released with its slot.
private final class DBusObjectHandler {
    private let handler: (DBusMessage) -> DBusAnswer?

    init(handler: @escaping (DBusMessage) -> DBusAnswer?) {
        self.handler = handler
    }

    /// Adds the object at `path`; unreferencing the slot returned removes it and releases this handler.
    func install(path: String, on bus: OpaquePointer) throws(DBusError) -> OpaquePointer {
        let userdata = Unmanaged.passRetained(self).toOpaque()
        var slot: OpaquePointer?
        let result = sd_bus_add_object(bus, &slot, path, Self.callback, userdata)
        guard result >= 0, let slot else {
            Unmanaged<DBusObjectHandler>.fromOpaque(userdata).release()
            throw DBusError.local("exporting \(path)", errno: -result)
        }
        sd_bus_slot_set_destroy_callback(slot, Self.destroyCallback)
        return slot
    }

    /// 1 when the call was answered here; 0 leaves it to sd-bus.
    private func answer(_ call: OpaquePointer) -> Int32 {
        let answer: DBusAnswer
        do {
            guard let given = handler(try DBusMessageReader.message(call)) else { return 0 }
            answer = given
        } catch {
            answer = .error(DBusError(name: DBusError.invalidArgs, message: "the call could not be read: \(error)"))
        }
        switch answer {
        case .reply(let values):
            var created: OpaquePointer?
            guard sd_bus_message_new_method_return(call, &created) >= 0, let reply = created else { return -ENOMEM }
            defer { sd_bus_message_unref(reply) }
            do {
                try DBusMessageWriter.append(values, to: reply)
            } catch {
                return Self.replyError(DBusError(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)"), to: call)
            }
            let sent = sd_bus_send(nil, reply, nil)
            return sent >= 0 ? 1 : sent
        case .error(let error):
            return Self.replyError(error, to: call)
        }
    }

    private static func replyError(_ error: DBusError, to call: OpaquePointer) -> Int32 {
        var busError = sd_bus_error()
        defer { sd_bus_error_free(&busError) }
        sd_bus_error_set(&busError, error.name, error.message)
        let sent = sd_bus_reply_method_error(call, &busError)
        return sent >= 0 ? 1 : sent
    }

    private static let callback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        return Unmanaged<DBusObjectHandler>.fromOpaque(userdata).takeUnretainedValue().answer(message)
    }

    private static let destroyCallback: sd_bus_destroy_t = { userdata in
        guard let userdata else { return }
        Unmanaged<DBusObjectHandler>.fromOpaque(userdata).release()
    }
}
#endif
