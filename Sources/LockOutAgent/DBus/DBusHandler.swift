#if canImport(CSystemd)
import CSystemd

/// Swift code handed to sd-bus as a C callback: the handler object travels as the callback's
/// userdata, retained until sd-bus destroys the slot it belongs to (after a call's reply, or when a
/// match is removed), so it lives exactly as long as sd-bus may call it. Runs on the bus's queue.
final class DBusHandler {
    typealias Register = (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutableRawPointer, sd_bus_message_handler_t) -> Int32
    typealias RegisterMatch = (
        UnsafeMutablePointer<OpaquePointer?>, UnsafeMutableRawPointer, sd_bus_message_handler_t, sd_bus_message_handler_t
    ) -> Int32

    private let onMessage: (OpaquePointer) -> Void
    private let onInstalled: (OpaquePointer) -> Void

    /// A handler for each message, and for the answer to a match's installation.
    init(onMessage: @escaping (OpaquePointer) -> Void, onInstalled: @escaping (OpaquePointer) -> Void = { _ in }) {
        self.onMessage = onMessage
        self.onInstalled = onInstalled
    }

    /// Registers through `register` with a floating slot, which sd-bus frees itself after the one
    /// reply (or the timeout, or the connection closing), releasing this handler with it.
    func install(_ what: String, _ register: Register) throws(DBusError) {
        let slot = try installKeepingSlot(what) { slot, userdata, callback, _ in register(slot, userdata, callback) }
        sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }

    /// Registers through `register` and returns the slot; unreferencing it ends the registration
    /// and releases this handler.
    func installKeepingSlot(_ what: String, _ register: RegisterMatch) throws(DBusError) -> OpaquePointer {
        let userdata = Unmanaged.passRetained(self).toOpaque()
        var slot: OpaquePointer?
        let result = register(&slot, userdata, Self.messageCallback, Self.installCallback)
        guard result >= 0, let slot else {
            Unmanaged<DBusHandler>.fromOpaque(userdata).release()
            throw DBusError.local(what, errno: -result)
        }
        sd_bus_slot_set_destroy_callback(slot, Self.destroyCallback)
        return slot
    }

    private static let messageCallback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        Unmanaged<DBusHandler>.fromOpaque(userdata).takeUnretainedValue().onMessage(message)
        return 0  // 0, not 1: other matches on the same message still get it
    }

    private static let installCallback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        Unmanaged<DBusHandler>.fromOpaque(userdata).takeUnretainedValue().onInstalled(message)
        return 0
    }

    private static let destroyCallback: sd_bus_destroy_t = { userdata in
        guard let userdata else { return }
        Unmanaged<DBusHandler>.fromOpaque(userdata).release()
    }
}
#endif
