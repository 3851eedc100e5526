#if os(Linux)
/// The part of the X SYNC extension (version 3.1) the presence source speaks: the server's system
/// counters, and alarms on one of them that the server fires by itself, so the client sleeps until then.
enum X11Sync {
    /// The version this client speaks, as `SyncInitialize` asks for it.
    static let version = (major: UInt8(3), minor: UInt8(1))
    /// The system counter of milliseconds since the last input on any device.
    static let idleCounterName = "IDLETIME"

    /// A system counter the server offers, as `ListSystemCounters` names it.
    struct SystemCounter: Equatable, Sendable {
        let id: UInt32
        let name: String
    }

    /// When an alarm fires: on a transition of the counter across the value, or while a comparison with it holds.
    enum Test: UInt32 {
        case positiveTransition = 0
        case negativeTransition = 1
        case positiveComparison = 2
        case negativeComparison = 3
    }

    /// An `AlarmNotify` event: which alarm fired and the counter's value when it did.
    struct AlarmNotify: Equatable, Sendable {
        /// The alarm's state once fired: `Destroyed` when it went with `DestroyAlarm`.
        static let destroyed: UInt8 = 2

        let alarm: UInt32
        let counterValue: Int64
        let state: UInt8

        /// The event in `packet` when it is an `AlarmNotify` (the extension's first event code plus one).
        init?(_ packet: [UInt8], firstEvent: UInt8) {
            guard packet.count >= 32, packet[0] & 0x7F == firstEvent &+ 1,
                  let alarm = X11Wire.card32(packet[...], at: 4), let value = X11Sync.int64(packet[...], at: 8)
            else { return nil }
            self.alarm = alarm
            counterValue = value
            state = packet[28]
        }
    }

    /// The counters of a `ListSystemCounters` reply: past the 32-byte header, each one's id, its
    /// resolution (8 bytes), its name's length and its name, padded to four bytes.
    static func systemCounters(inReply reply: [UInt8]) throws(X11Error) -> [SystemCounter] {
        guard let count = X11Wire.card32(reply[...], at: 8) else { throw .malformed("a short ListSystemCounters reply") }
        var counters: [SystemCounter] = []
        var offset = 32
        for _ in 0..<count {
            guard let id = X11Wire.card32(reply[...], at: offset), let length = X11Wire.card16(reply[...], at: offset + 12),
                  offset + 14 + Int(length) <= reply.count
            else { throw .malformed("a ListSystemCounters reply cut within its \(counters.count + 1). counter") }
            let name = reply[(offset + 14)..<(offset + 14 + Int(length))]
            counters.append(SystemCounter(id: id, name: String(decoding: name, as: UTF8.self)))
            offset += 14 + Int(length) + X11Wire.padding(14 + Int(length))
        }
        return counters
    }

    /// The `IDLETIME` counter among `counters`; throws naming those there are when it is missing.
    static func idleCounter(in counters: [SystemCounter]) throws(PresenceSourceError) -> UInt32 {
        guard let counter = counters.first(where: { $0.name == idleCounterName }) else {
            throw .missingCounter(idleCounterName, available: counters.map(\.name))
        }
        return counter.id
    }

    /// A SYNC `INT64`: the signed high half, then the low half.
    static func int64(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int64? {
        guard let high = X11Wire.card32(bytes, at: offset), let low = X11Wire.card32(bytes, at: offset + 4) else { return nil }
        return Int64(Int32(bitPattern: high)) << 32 | Int64(low)
    }
}

extension X11RequestWriter {
    /// A SYNC `INT64`: the high half, then the low half.
    mutating func int64(_ value: Int64) {
        card32(UInt32(truncatingIfNeeded: value >> 32))
        card32(UInt32(truncatingIfNeeded: value))
    }
}

/// The SYNC requests, sent to the extension's major `opcode` with the request's minor code in the data byte.
extension X11Connection {
    /// `SyncInitialize`: says which version the client speaks, as the extension asks before any other request.
    func syncInitialize(opcode: UInt8) throws(X11Error) {
        _ = try roundTrip(X11RequestWriter.request(opcode: opcode, data: 0) { body in
            body.card8(X11Sync.version.major)
            body.card8(X11Sync.version.minor)
            body.card16(0)
        })
    }

    /// `ListSystemCounters`: the counters the server keeps.
    func syncSystemCounters(opcode: UInt8) throws(X11Error) -> [X11Sync.SystemCounter] {
        try X11Sync.systemCounters(inReply: roundTrip(X11RequestWriter.request(opcode: opcode, data: 1) { _ in }))
    }

    /// `CreateAlarm`, checked: alarm `id` on `counter`, firing (with an event to this client) when `test`
    /// holds against the absolute `value`. Its delta is 0, so a comparison alarm falls inactive once it
    /// fired (rather than fire on and on) until it is changed again.
    func syncCreateAlarm(opcode: UInt8, id: UInt32, counter: UInt32, value: Int64, test: X11Sync.Test) throws(X11Error) {
        try sendChecked(Self.alarmRequest(opcode: opcode, minor: 8, id: id, counter: counter, value: value, test: test))
    }

    /// `ChangeAlarm`, not waiting: sets alarm `id` as `syncCreateAlarm` does, and makes it active again.
    func syncChangeAlarm(opcode: UInt8, id: UInt32, counter: UInt32, value: Int64, test: X11Sync.Test) throws(X11Error) {
        try send(Self.alarmRequest(opcode: opcode, minor: 9, id: id, counter: counter, value: value, test: test))
    }

    /// `DestroyAlarm`, not waiting.
    func syncDestroyAlarm(opcode: UInt8, id: UInt32) throws(X11Error) {
        try send(X11RequestWriter.request(opcode: opcode, data: 11) { body in body.card32(id) })
    }

    /// A `CreateAlarm` or `ChangeAlarm` request giving every attribute: counter, value type (absolute),
    /// value, test type, delta (0) and events (yes), in the order of their mask bits.
    private static func alarmRequest(opcode: UInt8, minor: UInt8, id: UInt32, counter: UInt32, value: Int64, test: X11Sync.Test) -> [UInt8] {
        X11RequestWriter.request(opcode: opcode, data: minor) { body in
            body.card32(id)
            body.card32(0x3F)  // Counter | ValueType | Value | TestType | Delta | Events
            body.card32(counter)
            body.card32(0)  // Absolute
            body.int64(value)
            body.card32(test.rawValue)
            body.int64(0)
            body.card32(1)
        }
    }
}
#endif
