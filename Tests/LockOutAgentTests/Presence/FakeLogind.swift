#if canImport(CSystemd)
import CSystemd
import Foundation
@testable import LockOutAgent

/// logind as the presence tests need it, on a private bus: it owns `org.freedesktop.login1`, knows one
/// session (`sessionID`, at `sessionPath`, whatever process asks), answers `GetSession`, `GetSessionByPID`
/// and `Properties.Get(LockedHint)`, hands out sleep delay locks (`Inhibit`: the write end of a pipe whose read
/// end the test gets, so it sees when the lock is released), and sends `PropertiesChanged` and `PrepareForSleep` when a test says.
/// Its sd-bus connection lives on a thread of its own; what a test asks of it runs there, in order.
final class FakeLogind: @unchecked Sendable {
    static let sessionPath = "/org/freedesktop/login1/session/_31"
    let sessionID = "1"
    /// The method of each call received (`GetSession`, `Get`, …), in order.
    let calls = Inbox<String>()
    /// The read end of each delay lock handed out by `Inhibit`, in order; it reads end-of-file once released.
    let inhibitors = Inbox<Int32>()
    private let bus: OpaquePointer
    private let state: State
    private let lock = NSLock()
    private var isStopped = false
    private var pending: [@Sendable (OpaquePointer) -> Void] = []
    private let stopped = DispatchSemaphore(value: 0)

    /// What the handlers read on the service's thread.
    final class State: @unchecked Sendable {
        let lock = NSLock()
        var locked: Bool
        let calls: Inbox<String>
        let inhibitors: Inbox<Int32>
        let refusesInhibitors: Bool

        init(locked: Bool, calls: Inbox<String>, inhibitors: Inbox<Int32>, refusesInhibitors: Bool) {
            self.locked = locked
            self.calls = calls
            self.inhibitors = inhibitors
            self.refusesInhibitors = refusesInhibitors
        }
    }

    /// Joins the bus at `address` with the session `locked` or not; `refusesInhibitors` denies every `Inhibit`.
    init(address: String, locked: Bool = false, refusesInhibitors: Bool = false) throws {
        var created: OpaquePointer?
        var result = sd_bus_new(&created)
        guard result >= 0, let created else { throw DBusError.local("sd_bus_new", errno: -result) }
        result = sd_bus_set_address(created, address)
        if result >= 0 { result = sd_bus_set_bus_client(created, 1) }
        if result >= 0 { result = sd_bus_start(created) }
        if result >= 0 { result = sd_bus_request_name(created, "org.freedesktop.login1", 0) }
        guard result >= 0 else {
            sd_bus_unref(created)
            throw DBusError.local("starting the fake logind", errno: -result)
        }
        bus = created
        state = State(locked: locked, calls: calls, inhibitors: inhibitors, refusesInhibitors: refusesInhibitors)
        let userdata = Unmanaged.passUnretained(state).toOpaque()
        result = sd_bus_add_object(created, nil, "/org/freedesktop/login1", Self.manager, userdata)
        if result >= 0 { result = sd_bus_add_object(created, nil, Self.sessionPath, Self.session, userdata) }
        guard result >= 0 else { throw DBusError.local("sd_bus_add_object", errno: -result) }
        let connection = UncheckedPointer(pointer: created)
        Thread.detachNewThread { [self] in
            while true {
                let (stop, work) = lock.withLock {
                    defer { pending.removeAll() }
                    return (isStopped, pending)
                }
                for item in work { item(connection.pointer) }
                if stop { break }
                let processed = sd_bus_process(connection.pointer, nil)
                if processed < 0 { break }
                if processed == 0 { _ = sd_bus_wait(connection.pointer, 20_000) }
            }
            stopped.signal()
        }
    }

    deinit {
        stop()
    }

    /// Locks or unlocks the session and says so in `PropertiesChanged`: the new value, or (`invalidating`)
    /// only that `LockedHint` changed.
    func setLocked(_ locked: Bool, invalidating: Bool = false) {
        state.lock.withLock { state.locked = locked }
        let arguments: [DBusValue] = invalidating
            ? [.string("org.freedesktop.login1.Session"), .variants([:]), .strings(["LockedHint"])]
            : [.string("org.freedesktop.login1.Session"), .variants(["LockedHint": .bool(locked)]), .strings([])]
        emit(path: Self.sessionPath, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", arguments)
    }

    /// Sends `PrepareForSleep(start)`.
    func prepareForSleep(_ start: Bool) {
        emit(path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep", [.bool(start)])
    }

    /// Whether the delay lock read at `readEnd` is still held by someone (no end-of-file yet).
    static func isHeld(_ readEnd: Int32) -> Bool {
        var watched = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 0
    }

    /// Waits, up to `seconds`, until the delay lock read at `readEnd` is released; false if it is still held.
    static func released(_ readEnd: Int32, within seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var watched = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                continuation.resume(returning: poll(&watched, 1, Int32(seconds * 1000)) > 0)
            }
        }
    }

    /// Stops answering and leaves the bus.
    func stop() {
        let wasStopped = lock.withLock {
            defer { isStopped = true }
            return isStopped
        }
        guard !wasStopped else { return }
        stopped.wait()
        sd_bus_flush_close_unref(bus)
    }

    private func emit(path: String, interface: String, member: String, _ arguments: [DBusValue]) {
        lock.withLock {
            pending.append { bus in
                var signal: OpaquePointer?
                guard sd_bus_message_new_signal(bus, &signal, path, interface, member) >= 0, let signal else { return }
                defer { sd_bus_message_unref(signal) }
                try? DBusMessageWriter.append(arguments, to: signal)
                _ = sd_bus_send(bus, signal, nil)
            }
        }
    }

    /// The manager: `GetSession` of the one session's id, `GetSessionByPID` of any process.
    private static let manager: sd_bus_message_handler_t = { message, userdata, error in
        guard let message, let userdata else { return 0 }
        let state = Unmanaged<State>.fromOpaque(userdata).takeUnretainedValue()
        let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
        let arguments = (try? DBusMessageReader.values(of: message)) ?? []
        state.calls.put(member)
        switch member {
        case "GetSession" where arguments.first?.string == "1", "GetSessionByPID":
            return reply(to: message) { try DBusMessageWriter.append(.objectPath(sessionPath), to: $0) }
        case "Inhibit" where arguments.first?.string == "sleep" && arguments.last?.string == "delay" && !state.refusesInhibitors:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return -errno }
            let answered = reply(to: message) { reply in
                var writeEnd = ends[1]  // sd-bus sends a duplicate
                guard sd_bus_message_append_basic(reply, DBusTypeCode.unixFD, &writeEnd) >= 0 else { throw DBusError.local("fd", errno: EIO) }
            }
            close(ends[1])
            state.inhibitors.put(ends[0])
            return answered
        case "Inhibit":
            return sd_bus_error_set(error, "org.freedesktop.DBus.Error.AccessDenied", "Permission denied")
        case "GetSession":
            return sd_bus_error_set(error, "org.freedesktop.login1.NoSuchSession", "No session '\(arguments.first?.string ?? "")' known")
        default:
            return sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownMethod", "no method \(member)")
        }
    }

    /// The session: `Properties.Get` of `LockedHint`.
    private static let session: sd_bus_message_handler_t = { message, userdata, error in
        guard let message, let userdata else { return 0 }
        let state = Unmanaged<State>.fromOpaque(userdata).takeUnretainedValue()
        let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
        let arguments = (try? DBusMessageReader.values(of: message)) ?? []
        state.calls.put(member)
        guard member == "Get", arguments.map(\.string) == ["org.freedesktop.login1.Session", "LockedHint"] else {
            return sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownProperty", "no \(arguments)")
        }
        let locked = state.lock.withLock { state.locked }
        return reply(to: message) { reply in
            guard sd_bus_message_open_container(reply, DBusTypeCode.variant, "b") >= 0 else { throw DBusError.local("variant", errno: EIO) }
            try DBusMessageWriter.append(.bool(locked), to: reply)
            guard sd_bus_message_close_container(reply) >= 0 else { throw DBusError.local("variant", errno: EIO) }
        }
    }

    private static func reply(to message: OpaquePointer, _ write: (OpaquePointer) throws -> Void) -> Int32 {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
        defer { sd_bus_message_unref(reply) }
        guard (try? write(reply)) != nil else { return -EIO }
        return sd_bus_send(nil, reply, nil) >= 0 ? 1 : -EIO
    }
}

/// The connection pointer, handed to the service's thread.
private struct UncheckedPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}
#endif
