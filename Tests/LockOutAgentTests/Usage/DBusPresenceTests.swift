#if canImport(CSystemd)
import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests {
    @Suite("Presence over D-Bus", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct DBusPresenceTests {
        static let now = Date(timeIntervalSince1970: 1_700_000_000)
        static let mutter = (name: "org.gnome.Mutter.IdleMonitor", path: "/org/gnome/Mutter/IdleMonitor/Core")

        @Test("Mutter's idle watch tells away at now − threshold, its user-active watch, added each time, tells back")
        func mutter() async throws {
            let session = try PrivateSession()
            let service = try FakeBusService(address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: Self.mutter.name, path: Self.mutter.path)
            defer { service.stop() }
            service.answer("AddIdleWatch", with: [.uint32(11)])
            service.answer("AddUserActiveWatch", with: [.uint32(12)])
            service.answer("RemoveWatch", with: [])
            let source = MutterPresence(sessionBus: try SessionBus(environment: session.environment), now: { Self.now })
            #expect(source.name == "mutter")
            let told = Inbox<PresenceSignal>()

            try source.start(awayAfter: 120) { told.put($0) }
            #expect(service.arguments("AddIdleWatch") == [.uint64(120_000)])

            fire(11, service)
            #expect(await told.next(within: 10) == PresenceSignal(away: true, at: Self.now.addingTimeInterval(-120), reason: .idle))
            #expect(try await eventually { service.calls("AddUserActiveWatch") == 1 ? true : nil } == true)

            fire(12, service)
            #expect(await told.next(within: 10) == PresenceSignal(away: false, at: Self.now, reason: .idle))

            fire(11, service)
            #expect(await told.next(within: 10)?.away == true)
            #expect(try await eventually { service.calls("AddUserActiveWatch") == 2 ? true : nil } == true)

            source.stop()
            #expect(try await eventually { service.calls("RemoveWatch") == 2 ? true : nil } == true)
            fire(12, service)
            #expect(await told.next(within: 0.3) == nil)
        }

        @Test("a desktop already idle past the threshold is away as soon as Mutter adds the watch")
        func mutterAlreadyIdle() async throws {
            let session = try PrivateSession()
            let service = try FakeBusService(address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: Self.mutter.name, path: Self.mutter.path)
            defer { service.stop() }
            service.answer("AddIdleWatch", with: [.uint32(11)])
            service.answer("AddIdleWatch", followedBy: (Self.mutter.path, Self.mutter.name, "WatchFired", [.uint32(11)]))
            service.answer("AddUserActiveWatch", with: [.uint32(12)])
            let source = MutterPresence(sessionBus: try SessionBus(environment: session.environment), now: { Self.now })
            let told = Inbox<PresenceSignal>()

            try source.start(awayAfter: 60) { told.put($0) }
            defer { source.stop() }

            #expect(await told.next(within: 10) == PresenceSignal(away: true, at: Self.now.addingTimeInterval(-60), reason: .idle))
        }

        @Test("a desktop idle past the threshold at start is away before start returns, dated at its last input")
        func mutterIdleAtStart() async throws {
            let session = try PrivateSession()
            let service = try FakeBusService(address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: Self.mutter.name, path: Self.mutter.path)
            defer { service.stop() }
            service.answer("AddIdleWatch", with: [.uint32(11)])
            service.answer("GetIdletime", with: [.uint64(90_000)])
            service.answer("AddUserActiveWatch", with: [.uint32(12)])
            let source = MutterPresence(sessionBus: try SessionBus(environment: session.environment), now: { Self.now })
            let told = Inbox<PresenceSignal>()

            try source.start(awayAfter: 60) { told.put($0) }
            defer { source.stop() }

            // Known as start returns: the agent starts with the person away.
            #expect(told.takeIfPresent() == PresenceSignal(away: true, at: Self.now.addingTimeInterval(-90), reason: .idle))
            #expect(try await eventually { service.calls("AddUserActiveWatch") == 1 ? true : nil } == true)
            // The idle watch firing as well tells nothing more; the next input tells back.
            fire(11, service)
            fire(12, service)
            #expect(await told.next(within: 10) == PresenceSignal(away: false, at: Self.now, reason: .idle))
        }

        @Test("a desktop idle for less than the threshold at start is not away")
        func mutterBusyAtStart() throws {
            let session = try PrivateSession()
            let service = try FakeBusService(address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: Self.mutter.name, path: Self.mutter.path)
            defer { service.stop() }
            service.answer("AddIdleWatch", with: [.uint32(11)])
            service.answer("GetIdletime", with: [.uint64(59_000)])
            let source = MutterPresence(sessionBus: try SessionBus(environment: session.environment), now: { Self.now })
            let told = Inbox<PresenceSignal>()

            try source.start(awayAfter: 60) { told.put($0) }
            defer { source.stop() }

            #expect(told.takeIfPresent() == nil)
            #expect(service.calls("GetIdletime") == 1)
        }

        @Test("without Mutter on the bus, start says the idle monitor is missing")
        func noMutter() throws {
            let session = try PrivateSession()
            let source = MutterPresence(sessionBus: try SessionBus(environment: session.environment))
            let error = try #require(throws: PresenceSourceError.self) { try source.start(awayAfter: 60) { _ in } }
            #expect("\(error)".hasPrefix("nothing on the session bus answers as org.gnome.Mutter.IdleMonitor: org.freedesktop.DBus.Error."))
        }

        @Test("the screen saver's ActiveChanged tells locked and unlocked")
        func screenSaver() async throws {
            let session = try PrivateSession()
            let service = try FakeBusService(
                address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver"
            )
            defer { service.stop() }
            service.answer("GetActive", with: [.bool(false)])
            let source = ScreenSaverPresence(sessionBus: try SessionBus(environment: session.environment), now: { Self.now })
            #expect(source.name == "screensaver")
            let told = Inbox<PresenceSignal>()

            try source.start(awayAfter: 60) { told.put($0) }
            #expect(service.calls("GetActive") == 1)
            #expect(told.takeIfPresent() == nil)

            activeChanged(true, service, name: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver")
            #expect(await told.next(within: 10) == PresenceSignal(away: true, at: Self.now, reason: .locked))
            activeChanged(false, service, name: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver")
            #expect(await told.next(within: 10) == PresenceSignal(away: false, at: Self.now, reason: .locked))
        }

        @Test("a session that starts locked is away at once")
        func startsLocked() throws {
            let session = try PrivateSession()
            let service = try FakeBusService(
                address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: "org.freedesktop.ScreenSaver",
                path: "/org/freedesktop/ScreenSaver"
            )
            defer { service.stop() }
            service.answer("GetActive", with: [.bool(true)])
            let source = ScreenSaverPresence(sessionBus: try SessionBus(environment: session.environment), now: { Self.now })
            let told = Inbox<PresenceSignal>()

            try source.start(awayAfter: 60) { told.put($0) }
            defer { source.stop() }

            #expect(told.takeIfPresent() == PresenceSignal(away: true, at: Self.now, reason: .locked))
        }

        @Test("without a screen saver on the bus, start names both it looked for")
        func noScreenSaver() throws {
            let session = try PrivateSession()
            let source = ScreenSaverPresence(sessionBus: try SessionBus(environment: session.environment))
            let error = try #require(throws: PresenceSourceError.self) { try source.start(awayAfter: 60) { _ in } }
            #expect("\(error)".hasPrefix("nothing on the session bus answers as org.freedesktop.ScreenSaver or org.gnome.ScreenSaver: "))
        }

        @Test("the sources that apply: X11 off Wayland, Mutter on GNOME, the screen saver with a session bus")
        func choice() throws {
            let session = try PrivateSession()
            let bus = try SessionBus(environment: session.environment)
            func names(_ environment: [String: String], _ bus: SessionBus?) -> [String] {
                PresenceSources.session(environment: environment, sessionBus: bus).map(\.name)
            }
            #expect(names(["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"], bus) == ["x11-sync", "mutter", "screensaver"])
            #expect(names(["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "XFCE"], bus) == ["x11-sync", "screensaver"])
            #expect(names(["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"], bus) == ["mutter", "screensaver"])
            #expect(names(["XDG_CURRENT_DESKTOP": "GNOME"], nil) == [])
            #expect(names(["DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland"], nil) == [])
            #expect(names(["DISPLAY": ":1"], nil) == ["x11-sync"])
            #expect(names([:], nil) == [])
        }

        private func fire(_ id: UInt32, _ service: FakeBusService) {
            service.emit(path: Self.mutter.path, interface: Self.mutter.name, member: "WatchFired", arguments: [.uint32(id)])
        }

        private func activeChanged(_ active: Bool, _ service: FakeBusService, name: String, path: String) {
            service.emit(path: path, interface: name, member: "ActiveChanged", arguments: [.bool(active)])
        }
    }
}
#endif
