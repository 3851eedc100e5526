#if canImport(CSystemd)
import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests {
    @Suite(
        "Full screen on GNOME's Wayland session: the session manager's inhibited actions", .serialized,
        .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason)
    )
    struct GnomeSessionFullScreenTests {
        static let manager = (name: "org.gnome.SessionManager", path: "/org/gnome/SessionManager")

        @Test("only the idle bit holds breaks: logout, user switch, suspend and automount held back say nothing of the screen")
        func idleBit() {
            #expect(GnomeInhibitedActions(rawValue: 8).holdsBreaks)
            #expect(GnomeInhibitedActions(rawValue: 8 | 4 | 1).holdsBreaks)
            #expect(!GnomeInhibitedActions(rawValue: 1 | 2 | 4 | 16).holdsBreaks)
            #expect(!GnomeInhibitedActions(rawValue: 0).holdsBreaks)
        }

        @Test("a program keeping the session from going idle is full screen while it does, told at each change; other actions are not")
        func inhibitedActions() async throws {
            let session = try PrivateSession()
            let service = try FakeBusService(
                address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: Self.manager.name, path: Self.manager.path
            )
            defer { service.stop() }
            // A video already playing when the watch starts: held at once.
            service.answer("Get", with: [.variant(.uint32(8 | 4))])
            let watch = GnomeSessionFullScreen(bus: try SessionBus(environment: session.environment), logger: RecordedLogs().logger)
            let changes = Inbox<Bool>()
            watch.start { [weak watch] in changes.put(watch?.isFullScreen ?? false) }
            defer { watch.stop() }
            #expect(await changes.next(within: 10) == true)
            #expect(service.arguments("Get") == [.string(Self.manager.name), .string("InhibitedActions")])

            // The video ends, a download still holds back suspend: no longer held.
            propertiesChanged(service, ["InhibitedActions": .uint32(4)])
            #expect(await changes.next(within: 10) == false)
            // Another property, or another action held back, tells nothing.
            propertiesChanged(service, ["SessionIsActive": .bool(true)])
            propertiesChanged(service, ["InhibitedActions": .uint32(4 | 1)])
            // A presentation starts; its change arrives invalidated, and is read again.
            service.answer("Get", with: [.variant(.uint32(8))])
            propertiesChanged(service, [:], invalidated: ["InhibitedActions"])
            #expect(await changes.next(within: 10) == true)
            #expect(changes.takeIfPresent() == nil)
            #expect(watch.isFullScreen)
        }

        @Test("without a session manager on the bus nothing is full screen, and the log says why")
        func noSessionManager() async throws {
            let session = try PrivateSession()
            let logs = RecordedLogs()
            let watch = GnomeSessionFullScreen(bus: try SessionBus(environment: session.environment), logger: logs.logger)
            watch.start {}
            defer { watch.stop() }
            let said = try await eventually(within: 10) { logs.messages.contains { $0.contains("no GNOME session manager") } ? true : nil }
            #expect(said == true)
            #expect(!watch.isFullScreen)
        }

        @Test("on GNOME's Wayland session the session manager tells full screen; on its X11 session, and elsewhere, it does not")
        func detect() throws {
            let session = try PrivateSession()
            let bus = try SessionBus(environment: session.environment)
            let logger = RecordedLogs().logger
            let gnome = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]
            #expect(FullScreenWatches.detect(environment: gnome, sessionBus: bus, logger: logger) is GnomeSessionFullScreen)
            #expect(FullScreenWatches.detect(environment: gnome, sessionBus: nil, logger: logger) == nil)
            #expect(FullScreenWatches.detect(environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"], sessionBus: bus, logger: logger) == nil)
            #expect(!(FullScreenWatches.detect(environment: ["XDG_CURRENT_DESKTOP": "GNOME"], sessionBus: bus, logger: logger) is GnomeSessionFullScreen))
        }

        private func propertiesChanged(_ service: FakeBusService, _ changed: [String: DBusValue], invalidated: [String] = []) {
            service.emit(
                path: Self.manager.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                arguments: [.string(Self.manager.name), .variants(changed), .strings(invalidated)]
            )
        }
    }
}
#endif
