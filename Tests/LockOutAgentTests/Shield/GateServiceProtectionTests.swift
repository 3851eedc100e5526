import Foundation
import LockOutCore
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

/// The gate service checks a program to block against this system's session programs, which Core cannot read.
@Suite("Shield: the gate service refuses this system's session programs")
struct GateServiceProtectionTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func service(store: InMemoryGateStore, programs: [String: ProtectionReason]) -> GateService {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return GateService(store: store, source: InMemoryHealthReading(), calendar: calendar, sessionPrograms: { programs })
    }

    @Test("blocking a program the session starts throws with the file and saves nothing")
    func sessionProgramRefused() throws {
        let store = InMemoryGateStore()
        let file = "/usr/share/dbus-1/services/org.acme.Daemon.service"
        let service = Self.service(store: store, programs: ["acme-daemon": .startedBySession(file: file)])
        var gate = try service.restore(now: Self.now)

        #expect(throws: GateInputError.protectedApp("acme-daemon", reason: .startedBySession(file: file))) {
            try service.execute(.block(BlockedApp(executable: "acme-daemon")), on: &gate, now: Self.now)
        }
        #expect(store.loadSettings().blockedApps.isEmpty)
    }

    @Test("blocking any other program goes through and is saved")
    func otherProgramBlocked() throws {
        let store = InMemoryGateStore()
        let service = Self.service(store: store, programs: ["acme-daemon": .helper(path: "/usr/libexec/acme-daemon")])
        var gate = try service.restore(now: Self.now)

        _ = try service.execute(.block(BlockedApp(executable: "steam")), on: &gate, now: Self.now)

        #expect(store.loadSettings().blockedApps.map(\.executable) == ["steam"])
    }
}
