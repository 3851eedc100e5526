import Foundation
import Glibc
import LockOutCore
import Testing
@testable import LockOutAgent

private let reminder = NotificationRequest(
    id: "task.1", title: "Task Due Soon", body: "Send the report", category: "TASK_REMINDER", actions: []
)
private let focusAlert = NotificationRequest(
    id: "focus", title: "Timer Complete", body: "Work session finished", category: "FOCUS_TIMER", actions: []
)

/// A notification service that starts late, dies or is replaced, against dunst on a private bus.
@Suite("Notifications across service restarts", .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
struct NotificationServiceChangeTests {
    @Test("with no service a request goes to the terminal; a service that starts later shows it with its actions, and the answer reaches onAction")
    func lateService() async throws {
        let desktop = try await DesktopFixture(startDunst: false)
        let notifier = desktop.notifier()
        let actions = Inbox<String>()

        notifier.present(eyeBreak) { actions.put($0) }
        #expect(await desktop.terminal.next(within: 10) == eyeBreak)
        #expect(notifier.servingName == nil, "the Settings page says no service answers")
        try await desktop.session.startDunst()
        let id = try await desktop.shownID(notifier, eyeBreak.id)
        #expect(notifier.servingName?.hasPrefix("dunst ") == true, "the Settings page names the service")
        try desktop.dunst.invokeAction("\(id),SNOOZE")

        #expect(await actions.next(within: 10) == "SNOOZE")
        #expect(desktop.terminal.drain().isEmpty)  // on the terminal once, not again when the service came
    }

    @Test("a restarted service shows again what is outstanding — not what was answered or withdrawn — and what came meanwhile")
    func restartedService() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()
        let breakActions = Inbox<String>()
        let answeredActions = Inbox<String>()
        let answered = eyeBreak.withID("answered", title: "Micro Break")
        notifier.present(eyeBreak) { breakActions.put($0) }
        notifier.present(reminder) { _ in }
        notifier.present(answered) { answeredActions.put($0) }
        notifier.present(eyeBreak.withID("withdrawn", title: "Long Break")) { _ in }
        let answeredID = try await desktop.shownID(notifier, answered.id)
        try desktop.dunst.invokeAction("\(answeredID),DONE")
        #expect(await answeredActions.next(within: 10) == "DONE")
        notifier.withdraw(id: "withdrawn")
        try await notifier.settled()
        #expect(try desktop.dunst.count("displayed") == 2)

        desktop.session.stopDunst(signal: SIGKILL)
        #expect(try await eventually { notifier.currentState == .absent ? true : nil } == true)
        notifier.present(focusAlert) { _ in }
        #expect(await desktop.terminal.next(within: 10) == focusAlert)
        try await desktop.session.startDunst()

        #expect(try await eventually { try desktop.dunst.count("displayed") == 3 ? true : nil } == true)
        let breakID = try await desktop.shownID(notifier, eyeBreak.id)
        try desktop.dunst.invokeAction("\(breakID),SNOOZE")
        #expect(await breakActions.next(within: 10) == "SNOOZE")
        #expect(try await eventually { try desktop.dunst.count("displayed") == 2 ? true : nil } == true)
        #expect(Set(try desktop.dunst.takeDisplayed().map(\.summary)) == ["Task Due Soon", "Timer Complete"])
        #expect(await answeredActions.next(within: 0.3) == nil)
    }

    @Test("a notification the person dismissed is not shown again by a new service")
    func dismissedStaysGone() async throws {
        let desktop = try await DesktopFixture()
        let notifier = desktop.notifier()
        notifier.present(reminder) { _ in }
        _ = try await desktop.shownID(notifier, reminder.id)
        try desktop.dunst.closeAll()
        #expect(try await eventually { notifier.shown(reminder.id) == nil ? true : nil } == true)

        desktop.session.stopDunst()
        try await desktop.session.startDunst()
        #expect(try await eventually { notifier.isServing ? true : nil } == true)
        try await notifier.settled()

        #expect(try desktop.dunst.count("displayed") == 0)
    }
}

/// A killed agent's notifications, taken over by the next one through the ledger file. The killed agent
/// is a notifier on its own connection, dropped without withdrawing anything, as SIGKILL leaves it.
@Suite("Notifications a killed agent left", .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
struct LeftOverNotificationTests {
    /// Shows `requests` from an agent that is then killed; returns dunst's ids for them.
    private func killedAgent(showing requests: [NotificationRequest], on desktop: DesktopFixture) async throws -> [UInt32] {
        let bus = try SessionBus(environment: desktop.session.environment)
        let notifier = FreedesktopNotifier(bus: bus, ledger: NotificationLedger(url: desktop.ledger)) { _ in }
        var ids: [UInt32] = []
        for request in requests {
            notifier.present(request) { _ in }
            ids.append(try await desktop.shownID(notifier, request.id))
        }
        return ids
    }

    @Test("the ledger keeps each outstanding request with its server and id")
    func ledger() async throws {
        let desktop = try await DesktopFixture()
        let ids = try await killedAgent(showing: [reminder, eyeBreak], on: desktop)

        let entries = try desktop.ledgerEntries()

        #expect(entries.map(\.request) == [eyeBreak, reminder])
        #expect(entries.map(\.serverID) == [ids[1], ids[0]])
        #expect(entries.allSatisfy { $0.server?.hasPrefix(":") == true })
    }

    @Test("presented again by the next agent, a left-over takes the old notification's place, once")
    func replacesInPlace() async throws {
        let desktop = try await DesktopFixture()
        let ids = try await killedAgent(showing: [reminder], on: desktop)

        let next = desktop.notifier(keepingLedger: true)
        #expect(next.leftOverRequests == [reminder])
        next.present(reminder) { _ in }
        next.closeLeftOvers()
        let id = try await desktop.shownID(next, reminder.id)
        try await next.settled()

        #expect(id == ids[0])
        #expect(try desktop.dunst.count("displayed") == 1)
        #expect(try desktop.ledgerEntries().map(\.serverID) == [id])
    }

    @Test("what the killed agent left and the next one does not present again is closed and forgotten")
    func closesTheRest() async throws {
        let desktop = try await DesktopFixture()
        _ = try await killedAgent(showing: [reminder, eyeBreak], on: desktop)

        let next = desktop.notifier(keepingLedger: true)
        next.present(eyeBreak) { _ in }
        next.closeLeftOvers()

        #expect(try await eventually { try desktop.dunst.count("displayed") == 1 ? true : nil } == true)
        try await next.settled()
        #expect(try desktop.dunst.count("displayed") == 1)
        #expect(try desktop.ledgerEntries().map(\.request) == [eyeBreak])
        #expect(try desktop.dunst.takeDisplayed().map(\.summary) == ["Eye Break"])
    }

    @Test("left-overs of a service that has gone since are shown anew, and nothing of the new service's is closed")
    func serviceGoneSince() async throws {
        let desktop = try await DesktopFixture()
        _ = try await killedAgent(showing: [reminder, eyeBreak], on: desktop)
        desktop.session.stopDunst()
        try await desktop.session.startDunst()
        let otherApp = desktop.notifier()  // dunst starts counting ids again: this one gets the old reminder's id
        otherApp.present(focusAlert) { _ in }
        _ = try await desktop.shownID(otherApp, focusAlert.id)

        let next = desktop.notifier(keepingLedger: true)
        next.present(eyeBreak) { _ in }
        next.closeLeftOvers()
        _ = try await desktop.shownID(next, eyeBreak.id)
        try await next.settled()

        #expect(Set(try desktop.dunst.takeDisplayed().map(\.summary)) == ["Eye Break", "Timer Complete"])
    }
}
