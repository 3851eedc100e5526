#if os(Linux)
import CXCB

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
        static let destroyed = UInt8(XCB_SYNC_ALARMSTATE_DESTROYED.rawValue)

        let alarm: UInt32
        let counterValue: Int64
        let state: UInt8

        init(_ event: xcb_sync_alarm_notify_event_t) {
            alarm = event.alarm
            counterValue = X11Sync.int64(event.counter_value)
            state = event.state
        }
    }

    /// The counters of a `ListSystemCounters` reply: past the 32-byte header, each one's id, its
    /// resolution (8 bytes), its name's length and its name, padded to four bytes. Read here, not with
    /// libxcb's iterator, which reads each name two bytes late (its C struct pads the 14 bytes before the
    /// name to 16); and never past the reply's end, whatever lengths it announces.
    static func systemCounters(inReply reply: [UInt8]) throws(X11Error) -> [SystemCounter] {
        func number<Value: FixedWidthInteger>(at offset: Int, as: Value.Type) -> Value? {
            guard offset >= 0, offset + MemoryLayout<Value>.size <= reply.count else { return nil }
            return reply.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
        }
        guard let count = number(at: 8, as: UInt32.self) else { throw .malformed("a short ListSystemCounters reply") }
        var counters: [SystemCounter] = []
        var offset = 32
        for _ in 0..<count {
            guard let id = number(at: offset, as: UInt32.self), let length = number(at: offset + 12, as: UInt16.self),
                  offset + 14 + Int(length) <= reply.count
            else { throw .malformed("a ListSystemCounters reply cut within its \(counters.count + 1). counter") }
            let name = reply[(offset + 14)..<(offset + 14 + Int(length))]
            counters.append(SystemCounter(id: id, name: String(decoding: name, as: UTF8.self)))
            offset += (14 + Int(length) + 3) / 4 * 4
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

    /// A SYNC `INT64`: the signed high half and the low half.
    static func int64(_ value: xcb_sync_int64_t) -> Int64 {
        Int64(value.hi) << 32 | Int64(value.lo)
    }

    static func int64(_ value: Int64) -> xcb_sync_int64_t {
        xcb_sync_int64_t(hi: Int32(truncatingIfNeeded: value >> 32), lo: UInt32(truncatingIfNeeded: value))
    }

    /// Every attribute of an alarm, in `CreateAlarm` and `ChangeAlarm`: counter, value type, value, test type,
    /// delta and events.
    static let alarmAttributes = XCB_SYNC_CA_COUNTER.rawValue | XCB_SYNC_CA_VALUE_TYPE.rawValue | XCB_SYNC_CA_VALUE.rawValue
        | XCB_SYNC_CA_TEST_TYPE.rawValue | XCB_SYNC_CA_DELTA.rawValue | XCB_SYNC_CA_EVENTS.rawValue
}

/// The SYNC requests, once `hasExtension(.sync)` found the extension.
extension X11Connection {
    /// `SyncInitialize`: says which version the client speaks, as the extension asks before any other request.
    func syncInitialize() throws(X11Error) {
        let cookie = xcb.sync_initialize(handle, X11Sync.version.major, X11Sync.version.minor)
        _ = try reply(to: cookie.sequence, as: xcb_sync_initialize_reply_t.self)
    }

    /// `ListSystemCounters`: the counters the server keeps.
    func syncSystemCounters() throws(X11Error) -> [X11Sync.SystemCounter] {
        try withReply(to: xcb.sync_list_system_counters(handle).sequence) { reply, length throws(X11Error) in
            try X11Sync.systemCounters(inReply: Array(UnsafeRawBufferPointer(start: reply, count: length)))
        }
    }

    /// `CreateAlarm`, checked: alarm `id` on `counter`, firing (with an event to this client) when `test`
    /// holds against the absolute `value`. Its delta is 0, so a comparison alarm falls inactive once it
    /// fired (rather than fire on and on) until it is changed again.
    func syncCreateAlarm(id: UInt32, counter: UInt32, value: Int64, test: X11Sync.Test) throws(X11Error) {
        var attributes = xcb_sync_create_alarm_value_list_t(
            counter: counter, valueType: XCB_SYNC_VALUETYPE_ABSOLUTE.rawValue, value: X11Sync.int64(value),
            testType: test.rawValue, delta: X11Sync.int64(0), events: 1
        )
        try check(xcb.sync_create_alarm_aux_checked(handle, id, X11Sync.alarmAttributes, &attributes))
    }

    /// `ChangeAlarm`, not waiting: sets alarm `id` as `syncCreateAlarm` does, and makes it active again.
    func syncChangeAlarm(id: UInt32, counter: UInt32, value: Int64, test: X11Sync.Test) throws(X11Error) {
        var attributes = xcb_sync_change_alarm_value_list_t(
            counter: counter, valueType: XCB_SYNC_VALUETYPE_ABSOLUTE.rawValue, value: X11Sync.int64(value),
            testType: test.rawValue, delta: X11Sync.int64(0), events: 1
        )
        _ = xcb.sync_change_alarm_aux(handle, id, X11Sync.alarmAttributes, &attributes)
        try flush()
    }

    /// `DestroyAlarm`, not waiting.
    func syncDestroyAlarm(id: UInt32) throws(X11Error) {
        _ = xcb.sync_destroy_alarm(handle, id)
        try flush()
    }
}
#endif
