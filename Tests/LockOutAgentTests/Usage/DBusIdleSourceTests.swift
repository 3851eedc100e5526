#if canImport(CSystemd)
import Foundation
import Logging
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests {
    @Suite("Idle time over D-Bus", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct DBusIdleSourceTests {
        @Test("Mutter's idle time arrives with the reading after the one that asked")
        func mutter() async throws {
            let session = try PrivateSession()
            let address = try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"])
            let service = try FakeBusService(address: address, name: "org.gnome.Mutter.IdleMonitor", path: "/org/gnome/Mutter/IdleMonitor/Core")
            defer { service.stop() }
            service.answer("GetIdletime", with: [.uint64(42_500)])
            let bus = try SessionBus(environment: session.environment)
            let source = DBusIdleSource.mutter(sessionBus: bus)
            #expect(source.idleMethod == .mutter)

            #expect(source.readIdle() == IdleReading())  // nothing known yet: this reading asks
            let learnt = try await eventually { source.readIdle().idleSeconds }
            #expect(learnt == 42.5)

            service.answer("GetIdletime", with: [.uint64(1_000)])
            #expect(try await eventually { source.readIdle().idleSeconds == 1 ? true : nil } == true)
        }

        @Test("a failed call reads as unknown, and the next reading asks again")
        func failedCall() async throws {
            let session = try PrivateSession()
            let address = try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"])
            let service = try FakeBusService(address: address, name: "org.gnome.Mutter.IdleMonitor", path: "/org/gnome/Mutter/IdleMonitor/Core")
            defer { service.stop() }
            service.answer("GetIdletime", with: [.uint64(7_000)])
            let source = DBusIdleSource.mutter(sessionBus: try SessionBus(environment: session.environment))
            #expect(try await eventually { source.readIdle().idleSeconds } == 7)

            service.answer("GetIdletime", with: nil)
            #expect(try await eventually { source.readIdle().idleSeconds == nil ? true : nil } == true)

            service.answer("GetIdletime", with: [.uint64(3_000)])
            #expect(try await eventually { source.readIdle().idleSeconds } == 3)
        }

        @Test("logind's hints: idle since the hint was set, locked when the session is")
        func logind() async throws {
            let session = try PrivateSession()
            let address = try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"])
            let service = try FakeBusService(address: address, name: "org.freedesktop.login1", path: "/org/freedesktop/login1/session/auto")
            defer { service.stop() }
            let tenSecondsAgo = UInt64(DBusIdleSource.monotonicMicroseconds()) - 10_000_000
            service.answer("GetAll", with: [.variants([
                "IdleHint": .bool(true), "IdleSinceHintMonotonic": .uint64(tenSecondsAgo), "LockedHint": .bool(true),
            ])])
            let source = DBusIdleSource.logind(systemBus: try DBusIdleSource.systemBus(environment: ["DBUS_SYSTEM_BUS_ADDRESS": address]))
            #expect(source.idleMethod == .logind)

            _ = source.readIdle()
            let reading = try #require(try await eventually { () -> IdleReading? in
                let reading = source.readIdle()
                return reading.idleSeconds == nil ? nil : reading
            })
            #expect(reading.locked)
            #expect(try #require(reading.idleSeconds) >= 10)

            service.answer("GetAll", with: [.variants(["IdleHint": .bool(false), "LockedHint": .bool(false)])])
            #expect(try await eventually { source.readIdle() == IdleReading(idleSeconds: 0) ? true : nil } == true)
        }

        @Test("a GNOME session asks Mutter, another asks logind on the system bus")
        func choice() throws {
            let session = try PrivateSession()
            let address = try #require(session.environment["DBUS_SESSION_BUS_ADDRESS"])
            let bus = try SessionBus(environment: session.environment)
            #expect(ActivitySensors.dbusIdle(environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"], sessionBus: bus)?.idleMethod == .mutter)
            #expect(ActivitySensors.dbusIdle(environment: ["XDG_CURRENT_DESKTOP": "KDE", "DBUS_SYSTEM_BUS_ADDRESS": address], sessionBus: bus)?.idleMethod == .logind)
            let sensor = ActivitySensors.detect(environment: ["XDG_CURRENT_DESKTOP": "GNOME"], sessionBus: bus, logger: Logger(label: "test"))
            #expect(sensor.focusMethod == .processes)
            #expect(sensor.idleMethod == .mutter)
        }
    }
}
#endif
