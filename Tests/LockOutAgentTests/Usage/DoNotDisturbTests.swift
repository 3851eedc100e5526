#if canImport(CSystemd)
import Foundation
import Synchronization
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests {
    @Suite("Do-not-disturb and what defers breaks on a desktop", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct DoNotDisturbTests {
        static let notifications = (name: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications")

        @Test("the notification service's Inhibited says whether do-not-disturb is on, and its changes are told")
        func inhibited() async throws {
            let session = try PrivateSession()
            let service = try FakeBusService(
                address: try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"]), name: Self.notifications.name, path: Self.notifications.path
            )
            defer { service.stop() }
            service.answer("Get", with: [.variant(.bool(false))])
            let doNotDisturb = DoNotDisturb(bus: try SessionBus(environment: session.environment), environment: session.environment)
            #expect(!doNotDisturb.isOn())
            #expect(service.arguments("Get") == [.string(Self.notifications.name), .string("Inhibited")])

            let changes = Inbox<Void>()
            doNotDisturb.start { changes.put(()) }
            defer { doNotDisturb.stop() }
            // Another property changing tells nothing; Inhibited changing, or being invalidated, does.
            propertiesChanged(service, ["Other": .bool(true)])
            service.answer("Get", with: [.variant(.bool(true))])
            propertiesChanged(service, ["Inhibited": .bool(true)])
            #expect(await changes.next(within: 10) != nil)
            #expect(changes.takeIfPresent() == nil)
            #expect(doNotDisturb.isOn())

            service.answer("Get", with: [.variant(.bool(false))])
            propertiesChanged(service, [:], invalidated: ["Inhibited"])
            #expect(await changes.next(within: 10) != nil)
            #expect(!doNotDisturb.isOn())
        }

        @Test("without Inhibited, GNOME's show-banners tells; outside GNOME nothing is on")
        func gnomeBanners() throws {
            let session = try PrivateSession()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-gsettings-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let answer = directory.appendingPathComponent("answer")
            let gsettings = directory.appendingPathComponent("gsettings")
            try "#!/bin/sh\n[ \"$*\" = 'get org.gnome.desktop.notifications show-banners' ] && cat \"\(answer.path)\"\n"
                .write(to: gsettings, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gsettings.path)
            var environment = session.environment
            environment["PATH"] = directory.path + ":/usr/bin:/bin"
            environment["XDG_CURRENT_DESKTOP"] = "ubuntu:GNOME"
            let bus = try SessionBus(environment: session.environment)

            try "false\n".write(to: answer, atomically: true, encoding: .utf8)
            #expect(DoNotDisturb(bus: bus, environment: environment).isOn())
            try "true\n".write(to: answer, atomically: true, encoding: .utf8)
            #expect(!DoNotDisturb(bus: bus, environment: environment).isOn())

            try "false\n".write(to: answer, atomically: true, encoding: .utf8)
            environment["XDG_CURRENT_DESKTOP"] = "KDE"
            #expect(!DoNotDisturb(bus: bus, environment: environment).isOn())
            #expect(!DoNotDisturb(bus: nil, environment: environment).isOn())
        }

        @Test("the sensor gives the enabled reasons that hold now, and starts and stops every watch")
        func sensor() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-sensor-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let recording = Mutex<[String]?>(nil)
            let calls = CallDetector(cameraPrefixes: [directory.appendingPathComponent("video").path], recordingPrograms: { recording.withLock { $0 } })
            let fullScreen = Mutex(false)
            let doNotDisturb = Mutex(false)
            let started = Mutex(0)
            let stopped = Mutex(0)
            let sensor = DesktopDeferralSensor(
                calls: calls, doNotDisturb: { doNotDisturb.withLock { $0 } }, fullScreen: { fullScreen.withLock { $0 } },
                watch: [{ _ in started.withLock { $0 += 1 } }, { _ in started.withLock { $0 += 1 } }],
                stop: [{ stopped.withLock { $0 += 1 } }]
            )
            let all: Set<DeferralReason> = [.fullScreen, .call, .doNotDisturb]
            #expect(sensor.currentReasons(enabled: all, callAllowList: []).isEmpty)

            fullScreen.withLock { $0 = true }
            doNotDisturb.withLock { $0 = true }
            recording.withLock { $0 = ["zoom"] }
            #expect(sensor.currentReasons(enabled: all, callAllowList: []) == all)
            #expect(sensor.currentReasons(enabled: all, callAllowList: ["zoom"]) == [.fullScreen, .doNotDisturb])
            #expect(sensor.currentReasons(enabled: [.call], callAllowList: []) == [.call])
            #expect(sensor.currentReasons(enabled: [], callAllowList: []).isEmpty)

            sensor.start {}
            #expect(started.withLock { $0 } == 2)
            sensor.stop()
            #expect(stopped.withLock { $0 } == 1)
        }

        private func propertiesChanged(_ service: FakeBusService, _ changed: [String: DBusValue], invalidated: [String] = []) {
            service.emit(
                path: Self.notifications.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                arguments: [.string(Self.notifications.name), .variants(changed), .strings(invalidated)]
            )
        }
    }
}
#endif
