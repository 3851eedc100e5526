#if os(Linux)
import CXCB
import Glibc

/// What went wrong talking to an X server.
enum X11Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// `DISPLAY` (its value here) names no local X display.
    case noDisplay(String)
    /// An X library is not installed, or lacks a function this client calls: the text names which.
    case libraryMissing(String)
    /// No connection was made: nothing listens at the display, or the server refused this client (usually:
    /// no or the wrong cookie).
    case refused(reason: String)
    /// The connection is gone: the socket failed, the server hung up or stopped answering.
    case connection(reason: String)
    /// The server answered a request with an X error (`BadWindow` is 3, `BadAtom` 5, …): the request failed,
    /// the connection is fine.
    case request(code: UInt8)
    /// The server sent something that is not what X11 promises.
    case malformed(String)

    /// True when the connection cannot be used any more.
    var isFatal: Bool {
        if case .request = self { false } else { true }
    }

    var description: String {
        switch self {
        case .noDisplay(let display): "no local X display in DISPLAY=\(display)"
        case .libraryMissing(let reason): reason
        case .refused(let reason): "could not connect to the X display: \(reason)"
        case .connection(let reason): "the X connection failed: \(reason)"
        case .request(let code): "the X server answered with error \(code)"
        case .malformed(let what): "the X server sent \(what)"
        }
    }
}

/// A connection to an X display through libxcb (opened at run time, `XCBLibraries`) with the handful of
/// requests the sensors make. Each reply is waited for at most `timeoutMilliseconds`, so that a server
/// that stops answering ends the connection instead of holding the caller; events are taken without waiting.
///
/// Not thread-safe: each user confines it to its queue.
final class X11Connection: @unchecked Sendable {
    /// The library's functions; `X11Sync.swift` sends its requests with them.
    let xcb: cxcb_functions
    /// libxcb's connection.
    let handle: OpaquePointer
    /// The first screen's root window.
    let root: UInt32
    /// The connection's socket, readable when the server sent something: for a dispatch read source.
    let fd: Int32
    private let timeoutMilliseconds: Int32
    /// SYNC's first event code, once `hasExtension(.sync)` found the extension: its events are told apart by it.
    private var syncFirstEvent: UInt8?
    private var closed = false

    /// The extensions the sensors use.
    enum Extension {
        case sync
        case screenSaver
    }

    /// The predefined atoms `ATOM`, `CARDINAL` and `WINDOW`.
    static let atomType = XCB_ATOM_ATOM.rawValue
    static let cardinalType = XCB_ATOM_CARDINAL.rawValue
    static let windowType = XCB_ATOM_WINDOW.rawValue
    /// `PropertyChangeMask`: tell this client when a property of the window changes.
    static let propertyChangeMask = XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue
    /// A window's own unmapping and destruction.
    static let structureNotifyMask = XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue

    /// Connects to `display` and authenticates with `cookie` (MIT-MAGIC-COOKIE-1), or with nothing: never
    /// with what libxcb would find itself in this process's `XAUTHORITY`, so the environment given decides.
    init(display: X11Display, cookie: [UInt8]?, libraries: XCBLibraries = .standard, timeoutMilliseconds: Int32 = 2_000) throws(X11Error) {
        let xcb = try libraries.functions()
        var name = Array(X11AuthorityEntry.magicCookie.utf8).map { CChar(bitPattern: $0) }
        var data = (cookie ?? []).map { CChar(bitPattern: $0) }
        let (nameCount, dataCount) = (Int32(cookie == nil ? 0 : name.count), Int32(data.count))
        let made = name.withUnsafeMutableBufferPointer { name in
            data.withUnsafeMutableBufferPointer { data in
                var auth = xcb_auth_info_t(namelen: nameCount, name: name.baseAddress, datalen: dataCount, data: data.baseAddress)
                return xcb.connect_to_display_with_auth_info(":\(display.number)", &auth, nil)
            }
        }
        // libxcb hands back a connection in an error state rather than none.
        guard let handle = made else { throw .refused(reason: "libxcb made no connection") }
        let error = xcb.connection_has_error(handle)
        guard error == 0 else {
            xcb.disconnect(handle)
            throw .refused(reason: Self.reason(error, connecting: true))
        }
        let screens = xcb.setup_roots_iterator(xcb.get_setup(handle))
        guard screens.rem > 0, let screen = screens.data else {
            xcb.disconnect(handle)
            throw .malformed("a setup without a screen")
        }
        self.xcb = xcb
        self.handle = handle
        root = screen.pointee.root
        fd = xcb.get_file_descriptor(handle)
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    deinit {
        close()
    }

    /// Disconnects, closing the socket; once.
    func close() {
        guard !closed else { return }
        closed = true
        xcb.disconnect(handle)
    }

    /// A fresh id for a resource this client creates.
    func newResourceID() throws(X11Error) -> UInt32 {
        let id = xcb.generate_id(handle)
        guard id != UInt32.max else {
            try checkConnection()
            throw .malformed("no resource ids left for this client")
        }
        return id
    }

    /// The events that have arrived, in order, reading what the socket holds without waiting; those read
    /// with replies are among them.
    func takeEvents() throws(X11Error) -> [X11Event] {
        var events: [X11Event] = []
        while let event = xcb.poll_for_event(handle) {
            events.append(X11Event(UnsafeRawPointer(event), syncFirstEvent: syncFirstEvent))
            free(event)
        }
        // libxcb answers "no event" also once the connection broke.
        try checkConnection()
        return events
    }

    /// Throws when the connection has broken.
    func checkConnection() throws(X11Error) {
        let error = xcb.connection_has_error(handle)
        if error != 0 { throw .connection(reason: Self.reason(error, connecting: false)) }
    }

    /// Sends what libxcb holds back: requests that have no reply go out only when flushed.
    func flush() throws(X11Error) {
        guard xcb.flush(handle) > 0 else {
            try checkConnection()
            throw .connection(reason: "libxcb could not send the requests")
        }
    }

    /// Calls `read` with the reply to request `sequence` and its length in bytes, then frees the reply.
    func withReply<Value>(to sequence: UInt32, _ read: (UnsafeRawPointer, Int) throws(X11Error) -> Value) throws(X11Error) -> Value {
        let reply = try waitForReply(sequence)
        defer { free(reply) }
        let length = 32 + 4 * Int(reply.load(as: xcb_generic_reply_t.self).length)
        return try read(UnsafeRawPointer(reply), length)
    }

    /// The fixed part of the reply to request `sequence`, as `Reply`.
    func reply<Reply>(to sequence: UInt32, as: Reply.Type) throws(X11Error) -> Reply {
        try withReply(to: sequence) { reply, _ in reply.load(as: Reply.self) }
    }

    /// Waits for the server to take or refuse a checked request that has no reply: a round trip after it,
    /// by whose end its error, if any, has arrived.
    func check(_ request: xcb_void_cookie_t) throws(X11Error) {
        free(try waitForReply(xcb.get_input_focus(handle).sequence))
        var reply: UnsafeMutableRawPointer?
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        _ = xcb.poll_for_reply(handle, request.sequence, &reply, &error)
        free(reply)
        if let error {
            let code = error.pointee.error_code
            free(error)
            throw .request(code: code)
        }
    }

    /// The reply to request `sequence`, waiting at most the timeout; the caller frees it. Events read
    /// meanwhile wait for `takeEvents`.
    private func waitForReply(_ sequence: UInt32) throws(X11Error) -> UnsafeMutableRawPointer {
        try flush()
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while true {
            var reply: UnsafeMutableRawPointer?
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            // Reads what the socket holds without waiting, and says whether the answer is among it.
            if xcb.poll_for_reply(handle, sequence, &reply, &error) != 0 {
                if let error {
                    let code = error.pointee.error_code
                    free(error)
                    throw .request(code: code)
                }
                guard let reply else { throw .malformed("no reply to a request that has one") }
                return reply
            }
            try checkConnection()
            let left = ContinuousClock.now.duration(to: deadline).components
            let milliseconds = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000
            guard milliseconds > 0 else { throw .connection(reason: "no answer within \(timeoutMilliseconds) ms") }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(milliseconds)) < 0, errno != EINTR {
                throw .connection(reason: "poll: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// What libxcb's error `code` means, when connecting or later.
    static func reason(_ code: Int32, connecting: Bool) -> String {
        switch code {
        case XCB_CONN_ERROR:
            connecting
                ? "no X server answers there, or it refused this client (usually: no or the wrong cookie)"
                : "the socket failed or the X server hung up"
        case XCB_CONN_CLOSED_EXT_NOTSUPPORTED: "the X server lacks an extension this client needs"
        case XCB_CONN_CLOSED_MEM_INSUFFICIENT: "out of memory"
        case XCB_CONN_CLOSED_REQ_LEN_EXCEED: "a request was longer than the X server takes"
        case XCB_CONN_CLOSED_PARSE_ERR: "the display's name could not be read"
        case XCB_CONN_CLOSED_INVALID_SCREEN: "the X server has no such screen"
        default: "libxcb's error \(code)"
        }
    }
}

/// The requests of the core protocol and of MIT-SCREEN-SAVER the sensors make.
extension X11Connection {
    /// The atom named `name`, created when missing unless `onlyIfExists`; 0 when it does not exist.
    func internAtom(_ name: String, onlyIfExists: Bool = false) throws(X11Error) -> UInt32 {
        let cookie = xcb.intern_atom(handle, onlyIfExists ? 1 : 0, UInt16(truncatingIfNeeded: name.utf8.count), name)
        return try reply(to: cookie.sequence, as: xcb_intern_atom_reply_t.self).atom
    }

    /// The 32-bit values of `window`'s `property` (of `type`), at most `count` of them; empty when the
    /// property is unset or of another type or format.
    func cardinals(of window: UInt32, property: UInt32, type: UInt32, count: UInt32) throws(X11Error) -> [UInt32] {
        let cookie = xcb.get_property(handle, 0, window, property, type, 0, count)
        return try withReply(to: cookie.sequence) { reply, length in
            let typed = reply.bindMemory(to: xcb_get_property_reply_t.self, capacity: 1)
            guard typed.pointee.format == 32, typed.pointee.type == type, let values = xcb.get_property_value(typed) else { return [] }
            // Never past the reply's end, whatever count it announces.
            let items = min(Int(typed.pointee.value_len), Int(count), (length - 32) / 4)
            return (0..<items).map { UnsafeRawPointer(values).load(fromByteOffset: 4 * $0, as: UInt32.self) }
        }
    }

    /// Asks for `mask`'s events on `window` (ChangeWindowAttributes, the event-mask value), and waits to
    /// learn whether the server took it.
    func selectEvents(on window: UInt32, mask: UInt32) throws(X11Error) {
        let values = [mask]
        try check(xcb.change_window_attributes_checked(handle, window, XCB_CW_EVENT_MASK.rawValue, values))
    }

    /// Whether the server has `which`. Asked without waiting, then learnt behind a round trip that waits at
    /// most the timeout, so that libxcb's own wait for the answer never holds.
    func hasExtension(_ which: Extension) throws(X11Error) -> Bool {
        let id = switch which {
        case .sync: xcb.sync_id
        case .screenSaver: xcb.screensaver_id
        }
        xcb.prefetch_extension_data(handle, id)
        free(try waitForReply(xcb.get_input_focus(handle).sequence))
        guard let data = xcb.get_extension_data(handle, id) else {
            try checkConnection()
            throw .malformed("no answer about the \(which) extension")
        }
        guard data.pointee.present != 0 else { return false }
        if which == .sync { syncFirstEvent = data.pointee.first_event }
        return true
    }

    /// Milliseconds since the last input, from MIT-SCREEN-SAVER's QueryInfo; only once `hasExtension(.screenSaver)`.
    func screenSaverIdleMilliseconds() throws(X11Error) -> UInt32 {
        try reply(to: xcb.screensaver_query_info(handle, root).sequence, as: xcb_screensaver_query_info_reply_t.self).ms_since_user_input
    }
}

/// An event from the X server, as the sensors tell them apart.
enum X11Event: Equatable, Sendable {
    /// `PropertyNotify`: `atom` of `window` changed or went.
    case propertyChanged(window: UInt32, atom: UInt32)
    /// `UnmapNotify` or `DestroyNotify` of a window watched for its structure: it is no longer shown.
    case gone(window: UInt32)
    /// SYNC's `AlarmNotify`.
    case alarm(X11Sync.AlarmNotify)
    /// Any other event, and the errors of requests nobody waited for (code 0).
    case other(code: UInt8)

    /// The event at `event` (32 bytes, as libxcb hands them over); `syncFirstEvent` is SYNC's first event code
    /// when this client uses the extension.
    init(_ event: UnsafeRawPointer, syncFirstEvent: UInt8?) {
        // The high bit says another client sent the event.
        let code = event.load(as: UInt8.self) & 0x7F
        if code == XCB_PROPERTY_NOTIFY {
            let notify = event.load(as: xcb_property_notify_event_t.self)
            self = .propertyChanged(window: notify.window, atom: notify.atom)
        } else if code == XCB_UNMAP_NOTIFY {
            self = .gone(window: event.load(as: xcb_unmap_notify_event_t.self).window)
        } else if code == XCB_DESTROY_NOTIFY {
            self = .gone(window: event.load(as: xcb_destroy_notify_event_t.self).window)
        } else if let syncFirstEvent, code == syncFirstEvent &+ UInt8(XCB_SYNC_ALARM_NOTIFY) {
            self = .alarm(X11Sync.AlarmNotify(event.load(as: xcb_sync_alarm_notify_event_t.self)))
        } else {
            self = .other(code: code)
        }
    }
}
#endif
