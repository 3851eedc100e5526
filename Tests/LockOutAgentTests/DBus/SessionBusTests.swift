import CSystemd
import Foundation
import Glibc
import Testing
@testable import LockOutAgent

@Suite("D-Bus values without a bus")
struct DBusValueTests {
    @Test("match rules name each field given, with quotes in values escaped")
    func matchRule() {
        let match = DBusSignalMatch(sender: "org.freedesktop.DBus", member: "NameOwnerChanged", firstArgument: "it's")
        #expect(match.rule == #"type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='it'\''s'"#)
    }

    @Test("signatures of the modelled types")
    func signatures() {
        #expect(DBusValue.strings([]).signature == "as")
        #expect(DBusValue.variants([:]).signature == "a{sv}")
        #expect(DBusValue.byte(1).signature == "y")
        #expect(DBusValue.unsupported(signature: "a(so)").signature == "a(so)")
        #expect(DBusValue.structure([.string(""), .array(element: "(iiay)", []), .string(""), .string("")]).signature == "(sa(iiay)ss)")
        #expect(DBusValue.bytes([]).signature == "ay")
        #expect(DBusValue.variant(.int32(0)).signature == "v")
    }

    @Test("no session bus in the environment is an error that says where it looked")
    func noAddress() {
        #expect(throws: DBusError.self) { try SessionBus(environment: ["XDG_RUNTIME_DIR": "/nonexistent"]) }
        #expect((try? SessionBus.address(in: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"])) == "unix:path=/x")
    }
}

/// Against a private dbus-daemon (and dunst on it where a test needs a peer that answers).
@Suite("Session bus", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
struct SessionBusTests {
    /// The name dunst owns, a peer these tests can start, stop and freeze.
    private static let notifications = "org.freedesktop.Notifications"
    private static let serverInformation = DBusMethodCall(
        destination: notifications, path: "/org/freedesktop/Notifications", interface: notifications, member: "GetServerInformation"
    )

    private func call(_ member: String, _ arguments: [DBusValue]) -> DBusMethodCall {
        DBusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: member, arguments: arguments)
    }

    @Test("a method call gets its reply")
    func reply() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)

        let reply = try await bus.call(call("GetNameOwner", [.string("org.freedesktop.DBus")]))

        #expect(reply.arguments == [.string("org.freedesktop.DBus")])
    }

    @Test("an a{sv} reply reads with its variants")
    func variants() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)

        let reply = try await bus.call(call("GetConnectionCredentials", [.string("org.freedesktop.DBus")]))

        let credentials = try #require(reply.arguments.first?.variants)
        #expect(credentials["UnixUserID"] == .uint32(getuid()))
        #expect(credentials["ProcessID"]?.uint32 != nil)
    }

    @Test("a call to a name nobody owns fails with the bus's error")
    func serviceUnknown() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        let nobody = DBusMethodCall(destination: "org.example.Nobody", path: "/", interface: "org.example.Nobody", member: "Hello")

        await #expect(throws: DBusError(name: DBusError.serviceUnknown, message: "The name org.example.Nobody was not provided by any .service files")) {
            try await bus.call(nobody)
        }
    }

    @Test("a call nobody answers ends with NoReply at its timeout")
    func timeout() async throws {
        let session = try PrivateSession()
        try await session.startDunst()
        try session.pauseDunst()
        defer { session.resumeDunst() }
        let bus = try SessionBus(environment: session.environment)
        let started = ContinuousClock.now

        let error = await #expect(throws: DBusError.self) { try await bus.call(Self.serverInformation, timeout: .milliseconds(300)) }

        #expect(error?.name == DBusError.noReply)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("every modelled value survives a message: written, sealed and read back")
    func roundTrip() throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        let values: [DBusValue] = [
            .byte(1), .bool(true), .bool(false), .int16(-2), .uint16(3), .int32(-4), .uint32(5), .int64(-6), .uint64(7),
            .double(0.5), .string("Read <b> & write"), .objectPath("/org/example"), .signature("a{sv}"),
            .strings(["SNOOZE", "Snooze 5 min", ""]),
            .variants(["category": .string("BREAK_CATEGORY"), "urgency": .byte(1), "transient": .bool(false), "names": .strings(["a"])]),
            .bytes([0, 255, 7]), .bytes([]),
            .structure([.string("lockout"), .array(element: "(iiay)", [.structure([.int32(1), .int32(1), .bytes([9, 9, 9, 255])])]), .string("LockOut")]),
            .array(element: "i", [.int32(1), .int32(-1)]), .array(element: "(ia{sv})", []),
        ]
        let echo = { (values: [DBusValue]) throws -> [DBusValue] in
            try bus.queue.sync { () throws -> [DBusValue] in
                var created: OpaquePointer?
                #expect(sd_bus_message_new_method_call(bus.bus, &created, "org.example", "/", "org.example", "Echo") >= 0)
                let message = try #require(created)
                defer { sd_bus_message_unref(message) }
                try DBusMessageWriter.append(values, to: message)
                #expect(sd_bus_message_seal(message, 1, 0) >= 0)
                #expect(sd_bus_message_rewind(message, 1) >= 0)
                return try DBusMessageReader.values(of: message)
            }
        }

        #expect(try echo(values) == values)
        // A variant travels with its type and reads as the value it holds.
        #expect(try echo([.variant(.int32(3)), .array(element: "v", [.variant(.string("x"))])]) == [.int32(3), .array(element: "v", [.string("x")])])
    }

    @Test("watching a name reports no owner, then dunst's unique name when it starts, then nil when it is killed")
    func ownerWatch() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        let owners = Inbox<String?>()

        let watch = bus.watchOwner(of: Self.notifications) { owners.put($0) }
        #expect(await owners.next(within: 10) == .some(nil))
        try await session.startDunst()
        let first = try #require(await owners.next(within: 10) ?? nil)
        session.stopDunst(signal: SIGKILL)
        #expect(await owners.next(within: 10) == .some(nil))
        try await session.startDunst()
        let second = try #require(await owners.next(within: 10) ?? nil)

        #expect(first.hasPrefix(":") && second.hasPrefix(":"))
        #expect(first != second)
        watch.cancel()
        session.stopDunst()
        #expect(await owners.next(within: 0.5) == nil)
    }

    @Test("an exported object answers calls under a name it asked for, errors reach the caller, and its signals reach a subscriber")
    func exportedObject() async throws {
        let session = try PrivateSession()
        let service = try SessionBus(environment: session.environment)
        let caller = try SessionBus(environment: session.environment)
        let object = service.export(path: "/org/example/Echo") { call in
            switch call.member {
            case "Echo": .reply(call.arguments)
            case "Fail": .error(DBusError(name: "org.example.Error.Refused", message: "no"))
            default: nil
            }
        }
        let owned = Inbox<Bool>()
        service.requestName("org.example.Echo") { owned.put($0) }
        #expect(await owned.next(within: 10) == true)
        let echo = { (member: String, arguments: [DBusValue]) in
            DBusMethodCall(destination: "org.example.Echo", path: "/org/example/Echo", interface: "org.example.Echo", member: member, arguments: arguments)
        }

        let sent: [DBusValue] = [.structure([.int32(1), .variants(["label": .string("Quit")]), .array(element: "v", [])])]
        #expect(try await caller.call(echo("Echo", sent)).arguments == sent)
        await #expect(throws: DBusError(name: "org.example.Error.Refused", message: "no")) { try await caller.call(echo("Fail", [])) }
        await #expect { try await caller.call(echo("Other", [])) } throws: { ($0 as? DBusError)?.name == "org.freedesktop.DBus.Error.UnknownMethod" }

        let signals = Inbox<DBusMessage>()
        let subscription = caller.subscribe(to: DBusSignalMatch(path: "/org/example/Echo", interface: "org.example.Echo")) { signals.put($0) }
        _ = try await caller.call(echo("Echo", []))  // the match is installed before this is answered
        service.emit(path: "/org/example/Echo", interface: "org.example.Echo", member: "Changed", arguments: [.uint32(2), .int32(0)])
        let signal = await signals.next(within: 10)
        #expect(signal?.member == "Changed")
        #expect(signal?.arguments == [.uint32(2), .int32(0)])
        subscription.cancel()

        object.cancel()
        await #expect(throws: DBusError.self) { try await caller.call(echo("Echo", [])) }
    }

    @Test("signals reach a subscriber by sender, path, interface and member until it cancels")
    func signals() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        let signals = Inbox<DBusMessage>()
        let match = DBusSignalMatch(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        let subscription = bus.subscribe(to: match) { signals.put($0) }
        _ = try await bus.call(call("GetId", []))  // the match is installed before this is answered

        try await session.startDunst()
        var names: [String] = []
        while !names.contains(Self.notifications), let signal = await signals.next(within: 10) {
            names.append(signal.arguments.first?.string ?? "")
        }
        subscription.cancel()
        _ = try await bus.call(call("GetId", []))  // whatever came before the cancel has been delivered now
        while signals.takeIfPresent() != nil {}
        session.stopDunst()
        _ = try await bus.call(call("GetId", []))  // dunst's names were freed before this answer

        #expect(names.contains(Self.notifications))
        #expect(signals.takeIfPresent() == nil)
    }

    @Test("activity is told after sd-bus handled something, and not while the connection is quiet")
    func activity() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        _ = try await bus.call(call("GetId", []))  // the connection's start-up is done
        let told = Inbox<Void>()
        bus.onActivity { told.put(()) }
        #expect(told.takeIfPresent() == nil)
        _ = try await bus.call(call("GetId", []))
        #expect(await told.next(within: 10) != nil)
        while told.takeIfPresent() != nil {}
        bus.flush()  // runs on the queue: whatever was handled before has been told
        #expect(told.takeIfPresent() == nil)
    }

    @Test("the bus going away: watchers hear nil, calls fail at once, and the queue stays quiet")
    func busGone() async throws {
        var session: PrivateSession? = try PrivateSession()
        let bus = try SessionBus(environment: try #require(session).environment)
        let owners = Inbox<String?>()
        let watch = bus.watchOwner(of: "org.freedesktop.DBus") { owners.put($0) }
        #expect(await owners.next(within: 10) == .some("org.freedesktop.DBus"))

        session = nil  // stops the daemon
        #expect(await owners.next(within: 10) == .some(nil))
        #expect(try await eventually { bus.isConnected ? nil : true } == true)
        let wakes = bus.wakes
        let error = await #expect(throws: DBusError.self) { try await bus.call(call("GetId", [])) }

        #expect(error?.name == DBusError.disconnected)
        #expect(bus.wakes == wakes)
        watch.cancel()
    }
}
