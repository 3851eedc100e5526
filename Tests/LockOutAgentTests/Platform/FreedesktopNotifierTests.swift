import Foundation
import Glibc
import LockOutCore
import Testing
@testable import LockOutAgent

/// A private bus with dunst on it, and notifiers over one connection to it; what goes to the terminal fallback is collected.
final class DesktopFixture: @unchecked Sendable {
    let session: PrivateSession
    let bus: SessionBus
    let terminal = Inbox<NotificationRequest>()
    let ledger: URL

    init(startDunst: Bool = true) async throws {
        session = try PrivateSession()
        if startDunst { try await session.startDunst() }
        bus = try SessionBus(environment: session.environment)
        ledger = FileManager.default.temporaryDirectory.appendingPathComponent("notifications-\(UUID()).json")
    }

    deinit {
        try? FileManager.default.removeItem(at: ledger)
    }

    var dunst: Dunst { session.dunstControl }

    /// A notifier as an agent makes it, with the ledger when asked for; a second one stands for a restarted agent.
    func notifier(keepingLedger: Bool = false) -> FreedesktopNotifier {
        let terminal = terminal
        return FreedesktopNotifier(bus: bus, ledger: keepingLedger ? NotificationLedger(url: ledger) : nil) { terminal.put($0) }
    }

    /// Waits until `notifier` has `request` on screen and returns its id there.
    func shownID(_ notifier: FreedesktopNotifier, _ requestID: String) async throws -> UInt32 {
        try #require(try await eventually(within: 10) { notifier.shown(requestID)?.id })
    }

    /// The ledger's entries as the file holds them now.
    func ledgerEntries() throws -> [NotificationLedger.Entry] {
        try NotificationLedger(url: ledger).load()
    }
}

/// Against a real dunst on a private bus (`scripts/e2e/with-desktop.sh swift test` provides the display).
@Suite("Freedesktop notifier on dunst", .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
struct FreedesktopNotifierTests {
    @Test("a presented notification reaches dunst with title, body, app name, category and normal urgency")
    func present() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()

        notifier.present(eyeBreak) { _ in }
        let id = try await desktop.shownID(notifier, eyeBreak.id)
        try desktop.dunst.closeAll()  // as the person dismissing it; dunst moves it to history

        let shown = try #require(try desktop.dunst.history().first { $0.id == id })
        #expect(shown.summary == "Eye Break")
        #expect(shown.body == "Look at something 20 feet away for 20 seconds")
        #expect(shown.appName == "LockOut")
        #expect(shown.category == "BREAK_CATEGORY")
        #expect(shown.timeout == 0)  // it stays until answered
        #expect(desktop.terminal.drain().isEmpty)
    }

    @Test("choosing an action reports its id once")
    func action() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()
        let actions = Inbox<String>()

        notifier.present(eyeBreak) { actions.put($0) }
        let id = try await desktop.shownID(notifier, eyeBreak.id)
        try desktop.dunst.invokeAction("\(id),DONE")

        #expect(await actions.next(within: 10) == "DONE")
        #expect(await actions.next(within: 0.3) == nil)
        #expect(try await eventually { try desktop.dunst.count("displayed") == 0 ? true : nil } == true)
    }

    @Test("withdrawing closes the notification")
    func withdraw() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()
        notifier.present(eyeBreak) { _ in }
        let id = try await desktop.shownID(notifier, eyeBreak.id)
        #expect(try desktop.dunst.count("displayed") == 1)

        notifier.withdraw(id: eyeBreak.id)

        #expect(try await eventually { try desktop.dunst.count("displayed") == 0 ? true : nil } == true)
        #expect(try desktop.dunst.history().contains { $0.id == id })
    }

    @Test("withdrawing at once, before dunst's id is known, still closes the notification")
    func withdrawAtOnce() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()
        #expect(try await eventually { notifier.isServing ? true : nil } == true)  // the next Notify goes out at once

        notifier.present(eyeBreak) { _ in }
        notifier.withdraw(id: eyeBreak.id)

        #expect(try await eventually { try desktop.dunst.count("history") == 1 ? true : nil } == true)
        #expect(try desktop.dunst.count("displayed") == 0)
    }

    @Test("presenting the same id again replaces the notification in place, and only the new one answers")
    func replace() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()
        let first = Inbox<String>()
        let second = Inbox<String>()
        notifier.present(eyeBreak) { first.put($0) }
        let firstID = try await desktop.shownID(notifier, eyeBreak.id)

        notifier.present(eyeBreak.withID(eyeBreak.id, title: "Long Break")) { second.put($0) }
        try await notifier.settled()
        let secondID = try #require(notifier.shown(eyeBreak.id)?.id)
        #expect(try desktop.dunst.count("displayed") == 1)
        try desktop.dunst.invokeAction("\(secondID),SKIP")

        #expect(secondID == firstID)
        #expect(await second.next(within: 10) == "SKIP")
        #expect(await first.next(within: 0.3) == nil)
        let shown = try #require(try await eventually { try desktop.dunst.history().first { $0.id == secondID } })
        #expect(shown.summary == "Long Break")
    }

    @Test("dismissed by the person, a notification is no longer outstanding: the ledger forgets it")
    func dismissed() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier(keepingLedger: true)
        notifier.present(eyeBreak) { _ in }
        _ = try await desktop.shownID(notifier, eyeBreak.id)
        #expect(try desktop.ledgerEntries().map(\.request) == [eyeBreak])

        try desktop.dunst.closeAll()

        #expect(try await eventually { try desktop.ledgerEntries().isEmpty ? true : nil } == true)
        #expect(notifier.shown(eyeBreak.id) == nil)
    }
}

extension FreedesktopNotifier {
    /// Whether a service has answered and shows what is presented.
    var isServing: Bool {
        if case .serving = currentState { true } else { false }
    }

    /// Returns once everything handed to the notifier so far, and the replies it waits for, are done.
    func settled() async throws {
        _ = try await service.bus.call(
            DBusMethodCall(destination: SessionBus.daemon, path: "/org/freedesktop/DBus", interface: SessionBus.daemon, member: "GetId")
        )
        _ = try await service.bus.call(FreedesktopNotifications.serverInformationCall)
    }
}
