#if canImport(CSystemd)
import CSystemd
import Foundation

extension SessionBus {
    /// Calls a method whose reply begins with a file descriptor (`h`), like logind's `Inhibit`: `reply` gets a
    /// duplicate that the caller owns and must close, or the error, once, on the bus's queue.
    func callTakingDescriptor(
        _ call: DBusMethodCall,
        timeout: Duration = .seconds(25),
        reply: @escaping @Sendable (Result<Int32, DBusError>) -> Void
    ) {
        queue.async { [self] in
            do throws(DBusError) {
                try send(call, timeout: timeout, read: Self.descriptor, reply: reply)
            } catch {
                reply(.failure(error))
            }
            updateWatch()
        }
    }

    /// The descriptor at the start of `message`, duplicated: the message closes its own when it is freed.
    private static func descriptor(in message: OpaquePointer) throws(DBusError) -> Int32 {
        var received: Int32 = -1
        let result = sd_bus_message_read_basic(message, DBusTypeCode.unixFD, &received)
        guard result > 0 else { throw DBusError.local("reading a file descriptor", errno: result == 0 ? EBADMSG : -result) }
        let owned = fcntl(received, F_DUPFD_CLOEXEC, 3)
        guard owned >= 0 else { throw DBusError.local("duplicating a received file descriptor", errno: errno) }
        return owned
    }
}
#endif
