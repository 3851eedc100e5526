#if os(Linux)
import Glibc

/// What went wrong talking to an X server.
enum X11Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The socket failed or the server hung up: the connection is gone.
    case connection(UnixStreamError)
    /// The server refused the connection, saying why (usually: no or the wrong cookie).
    case refused(reason: String)
    /// The server answered a request with an X error (`BadWindow` is 3, `BadAtom` 5, …): the request failed,
    /// the connection is fine.
    case request(code: UInt8)
    /// The server sent something that is not X11.
    case malformed(String)

    /// True when the connection cannot be used any more.
    var isFatal: Bool {
        if case .request = self { false } else { true }
    }

    var description: String {
        switch self {
        case .connection(let error): "the X connection failed: \(error)"
        case .refused(let reason): "the X server refused the connection: \(reason)"
        case .request(let code): "the X server answered with error \(code)"
        case .malformed(let what): "the X server sent \(what)"
        }
    }
}

/// A minimal X11 client over the display's Unix socket: the connection setup and the handful of
/// requests the activity sensor needs, each one a synchronous round trip. Spoken directly so the agent
/// does not link the X libraries: the same binary runs as a headless server.
///
/// Not thread-safe: the sensor confines it to its queue.
final class X11Connection: @unchecked Sendable {
    let stream: UnixStream
    /// The first screen's root window.
    let root: UInt32
    /// The ids this client may give the resources it creates (alarms): `base` with bits of `mask` set.
    let resourceIDBase: UInt32
    let resourceIDMask: UInt32
    /// How many resource ids were taken.
    private var resourceIDsTaken: UInt32 = 0
    /// The sequence number of the last request sent (the server counts them from 1, in 16 bits).
    private var sequence: UInt16 = 0
    /// Bytes read but not yet taken apart.
    private var buffer: [UInt8] = []
    /// Events read while waiting for replies, in order, for `takeEvents`.
    private var pendingEvents: [[UInt8]] = []
    /// The last X error that answered a request other than the one waited for: (sequence, code).
    private var lastOtherError: (sequence: UInt16, code: UInt8)?

    /// Connects to `display` and authenticates with `cookie` (MIT-MAGIC-COOKIE-1), or with nothing.
    init(display: X11Display, cookie: [UInt8]?, timeoutMilliseconds: Int32 = 2_000) throws(X11Error) {
        let stream: UnixStream
        do {
            stream = try UnixStream(path: display.socketPath, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw .connection(error)
        }
        self.stream = stream
        let name = cookie == nil ? [] : Array(X11AuthorityEntry.magicCookie.utf8)
        let data = cookie ?? []
        var setup = X11RequestWriter()
        setup.card8(UInt8(ascii: "l"))  // little-endian, as every number this client writes
        setup.card8(0)
        setup.card16(11)
        setup.card16(0)
        setup.card16(UInt16(name.count))
        setup.card16(UInt16(data.count))
        setup.card16(0)
        setup.padded(name)
        setup.padded(data)
        var buffer: [UInt8] = []
        do {
            try stream.write(setup.bytes)
            while buffer.count < 8 { buffer += try stream.readSome() }
            let total = 8 + 4 * Int(X11Wire.card16(buffer[...], at: 6) ?? 0)
            while buffer.count < total { buffer += try stream.readSome() }
            let reply = buffer[..<total]
            self.buffer = Array(buffer[total...])
            switch reply[0] {
            case 1:
                guard let root = Self.firstRoot(setupReply: reply) else { throw X11Error.malformed("a setup reply without a screen") }
                self.root = root
                resourceIDBase = X11Wire.card32(reply, at: 12) ?? 0
                resourceIDMask = X11Wire.card32(reply, at: 16) ?? 0
            case 0:
                let length = Int(reply[1])
                let reason = reply.dropFirst(8).prefix(length)
                throw X11Error.refused(reason: String(decoding: reason, as: UTF8.self))
            default:
                throw X11Error.refused(reason: "it asks for further authentication, which this client does not speak")
            }
        } catch let error as UnixStreamError {
            throw .connection(error)
        } catch let error as X11Error {
            throw error
        } catch {
            throw .malformed("\(error)")
        }
    }

    /// The root of the first screen in a successful setup reply: past the fixed part, the vendor
    /// string and the pixmap formats.
    static func firstRoot(setupReply reply: ArraySlice<UInt8>) -> UInt32? {
        guard let vendorLength = X11Wire.card16(reply, at: 24), let formats = X11Wire.card8(reply, at: 29),
              let screens = X11Wire.card8(reply, at: 28), screens > 0
        else { return nil }
        let offset = 40 + Int(vendorLength) + X11Wire.padding(Int(vendorLength)) + 8 * Int(formats)
        return X11Wire.card32(reply, at: offset)
    }

    /// A fresh id for a resource this client creates.
    func newResourceID() throws(X11Error) -> UInt32 {
        resourceIDsTaken += 1
        let id = resourceIDsTaken << UInt32(resourceIDMask.trailingZeroBitCount)
        guard resourceIDMask != 0, id & ~resourceIDMask == 0 else { throw .malformed("no resource ids left for this client") }
        return resourceIDBase | id
    }

    /// Closes the socket.
    func close() {
        stream.close()
    }

    /// Sends one request and returns its sequence number.
    @discardableResult
    func send(_ request: [UInt8]) throws(X11Error) -> UInt16 {
        do {
            try stream.write(request)
        } catch {
            throw .connection(error)
        }
        sequence &+= 1
        return sequence
    }

    /// Sends `request` and waits for its reply (the whole of it, header included). Events that arrive
    /// meanwhile are kept for `takeEvents`; errors of earlier requests are dropped.
    func roundTrip(_ request: [UInt8]) throws(X11Error) -> [UInt8] {
        let wanted = try send(request)
        while true {
            while let packet = try nextPacket() {
                let kind = packet[0] & 0x7F
                guard kind <= 1 else {
                    pendingEvents.append(packet)
                    continue
                }
                let sequence = X11Wire.card16(packet[...], at: 2)
                if kind == 0, let sequence, sequence != wanted { lastOtherError = (sequence, packet[1]) }
                guard sequence == wanted else { continue }
                if kind == 0 { throw .request(code: packet[1]) }
                return packet
            }
            do {
                buffer += try stream.readSome()
            } catch {
                throw .connection(error)
            }
        }
    }

    /// Events that have arrived, in order, reading what the socket holds without waiting.
    func takeEvents() throws(X11Error) -> [[UInt8]] {
        do {
            while true {
                let bytes = try stream.readAvailable()
                if bytes.isEmpty { break }
                buffer += bytes
            }
        } catch {
            throw .connection(error)
        }
        while let packet = try nextPacket() {
            if packet[0] & 0x7F > 1 { pendingEvents.append(packet) }
        }
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    /// Takes the next complete packet off the buffer: 32 bytes, plus the extra length of a reply or a
    /// generic event.
    private func nextPacket() throws(X11Error) -> [UInt8]? {
        guard buffer.count >= 32 else { return nil }
        var length = 32
        let kind = buffer[0] & 0x7F
        if kind == 1 || kind == 35 {
            guard let extra = X11Wire.card32(buffer[...], at: 4), extra < 1 << 24 else { throw .malformed("a reply too long to be one") }
            length += 4 * Int(extra)
        }
        guard buffer.count >= length else { return nil }
        defer { buffer.removeFirst(length) }
        return Array(buffer[..<length])
    }
}

/// The requests the activity sensor makes.
extension X11Connection {
    /// `AnyPropertyType`.
    static let anyType: UInt32 = 0
    /// The predefined atoms `ATOM`, `CARDINAL` and `WINDOW`.
    static let atomType: UInt32 = 4
    static let cardinalType: UInt32 = 6
    static let windowType: UInt32 = 33
    /// `PropertyChangeMask`: tell this client when a property of the window changes.
    static let propertyChangeMask: UInt32 = 0x0040_0000
    /// `PropertyNotify`.
    static let propertyNotify: UInt8 = 28

    /// The atom named `name`, created when missing unless `onlyIfExists`; 0 when it does not exist.
    func internAtom(_ name: String, onlyIfExists: Bool = false) throws(X11Error) -> UInt32 {
        let bytes = Array(name.utf8)
        let reply = try roundTrip(X11RequestWriter.request(opcode: 16, data: onlyIfExists ? 1 : 0) { body in
            body.card16(UInt16(truncatingIfNeeded: bytes.count))
            body.card16(0)
            body.padded(bytes)
        })
        guard let atom = X11Wire.card32(reply[...], at: 8) else { throw .malformed("a short InternAtom reply") }
        return atom
    }

    /// The 32-bit values of `window`'s `property` (of `type`), at most `count` of them; empty when the
    /// property is unset or of another type or format.
    func cardinals(of window: UInt32, property: UInt32, type: UInt32, count: UInt32) throws(X11Error) -> [UInt32] {
        let reply = try roundTrip(X11RequestWriter.request(opcode: 20) { body in
            body.card32(window)
            body.card32(property)
            body.card32(type)
            body.card32(0)
            body.card32(count)
        })
        guard reply[1] == 32, X11Wire.card32(reply[...], at: 8) == type, let items = X11Wire.card32(reply[...], at: 16) else { return [] }
        return (0..<Int(min(items, count))).compactMap { X11Wire.card32(reply[...], at: 32 + 4 * $0) }
    }

    /// Asks for `mask`'s events on `window` (ChangeWindowAttributes, the event-mask value), and waits to
    /// learn whether the server took it.
    func selectEvents(on window: UInt32, mask: UInt32) throws(X11Error) {
        try sendChecked(X11RequestWriter.request(opcode: 2) { body in
            body.card32(window)
            body.card32(0x800)  // CWEventMask
            body.card32(mask)
        })
    }

    /// Sends a request that has no reply, and waits to learn whether the server took it.
    func sendChecked(_ request: [UInt8]) throws(X11Error) {
        let sent = try send(request)
        lastOtherError = nil
        // GetInputFocus, only for its reply: any error of the request before it has arrived by then.
        _ = try roundTrip(X11RequestWriter.request(opcode: 43) { _ in })
        if let error = lastOtherError, error.sequence == sent {
            throw .request(code: error.code)
        }
    }

    /// The major opcode of extension `name`, or nil when the server lacks it.
    func extensionOpcode(_ name: String) throws(X11Error) -> UInt8? {
        try extensionCodes(name)?.opcode
    }

    /// The major opcode and the first event code of extension `name`, or nil when the server lacks it.
    func extensionCodes(_ name: String) throws(X11Error) -> (opcode: UInt8, firstEvent: UInt8)? {
        let bytes = Array(name.utf8)
        let reply = try roundTrip(X11RequestWriter.request(opcode: 98) { body in
            body.card16(UInt16(truncatingIfNeeded: bytes.count))
            body.card16(0)
            body.padded(bytes)
        })
        guard X11Wire.card8(reply[...], at: 8) == 1, let opcode = X11Wire.card8(reply[...], at: 9),
              let firstEvent = X11Wire.card8(reply[...], at: 10)
        else { return nil }
        return (opcode, firstEvent)
    }

    /// Milliseconds since the last input, from the MIT-SCREEN-SAVER extension's QueryInfo (its request 1).
    func screenSaverIdleMilliseconds(opcode: UInt8) throws(X11Error) -> UInt32 {
        let reply = try roundTrip(X11RequestWriter.request(opcode: opcode, data: 1) { body in
            body.card32(root)
        })
        guard let idle = X11Wire.card32(reply[...], at: 16) else { throw .malformed("a short ScreenSaverQueryInfo reply") }
        return idle
    }
}
#endif
