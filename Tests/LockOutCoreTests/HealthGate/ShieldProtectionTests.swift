import Foundation
import Testing
@testable import LockOutCore

@Suite("Shield protection: the catalog and what this system's session starts")
struct ShieldProtectionTests {
    static let system = ShieldProtection(systemPrograms: [
        "acme-sessiond": .startedBySession(file: "/etc/xdg/autostart/acme.desktop"),
        "acme-helper": .helper(path: "/usr/libexec/acme-helper"),
        "dunst": .startedBySession(file: "/usr/share/dbus-1/services/org.knopwob.dunst.service"),
    ])

    @Test("a program the system's session starts is refused with the file that starts it")
    func sessionProgramRefused() {
        let error = #expect(throws: GateInputError.self) { try ShieldPolicy.check("acme-sessiond", protection: Self.system) }
        #expect(error == .protectedApp("acme-sessiond", reason: .startedBySession(file: "/etc/xdg/autostart/acme.desktop")))
        #expect(error?.description
            == "'acme-sessiond' can never be blocked: the desktop session starts it (/etc/xdg/autostart/acme.desktop)")
    }

    @Test("a libexec helper is refused with its path")
    func helperRefused() {
        let error = #expect(throws: GateInputError.self) { try ShieldPolicy.check("Acme-Helper", protection: Self.system) }
        #expect(error?.description
            == "'Acme-Helper' can never be blocked: it is a helper of the desktop or the system (/usr/libexec/acme-helper), not an app")
    }

    @Test("the cut process name of a long system program is refused with its reason")
    func cutSystemProgram() {
        let protection = ShieldProtection(systemPrograms: ["acme-notification-daemon": .helper(path: "/usr/libexec/acme-notification-daemon")])
        #expect(protection.reason(for: "acme-notificati") == .helper(path: "/usr/libexec/acme-notification-daemon"))
        #expect(protection.reason(for: "acme-notific") == nil)
    }

    @Test("the catalog answers before the system: dunst is a notification daemon wherever it is started")
    func catalogFirst() {
        #expect(Self.system.reason(for: "dunst") == .known(.notificationDaemon))
    }

    @Test("a program neither protects may be blocked, and the catalog alone knows nothing of the system's")
    func othersAllowed() {
        #expect(ShieldPolicy.mayBlock("steam", protection: Self.system))
        #expect(ShieldPolicy.mayBlock("acme-sessiond"))
    }

    @Test("a process running a shell is not spared for it; one running any other protected program is")
    func sparing() {
        #expect(!ProtectionReason.known(.shell).sparesProcessesRunningIt)
        #expect(ProtectionReason.known(.notificationDaemon).sparesProcessesRunningIt)
        #expect(ProtectionReason.helper(path: "/usr/libexec/x").sparesProcessesRunningIt)
    }
}
