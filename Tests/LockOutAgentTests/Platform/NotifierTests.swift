import Foundation
import LockOutCore
import Testing
@testable import LockOutAgent

private let eyeBreak = NotificationRequest(
    id: "break",
    title: "Eye Break",
    body: "Look at something 20 feet away for 20 seconds",
    category: "BREAK_CATEGORY",
    actions: [
        NotificationAction(id: "SNOOZE", title: "Snooze 5 min"),
        NotificationAction(id: "DONE", title: "Done"),
        NotificationAction(id: "SKIP", title: "Skip"),
    ]
)

@Suite("Terminal notifier")
struct TerminalNotifierTests {
    @Test("a notification is one line with the CLI answer and a bell")
    func line() {
        let output = Inbox<String>()
        let notifier = TerminalNotifier { output.put($0) }

        notifier.present(eyeBreak) { _ in }

        #expect(output.drain() == [
            "[LockOut] Eye Break — Look at something 20 feet away for 20 seconds (answer: lockout break snooze|done|skip)\u{07}\n",
        ])
    }

    @Test("a notification without actions names no answer")
    func noActions() {
        let output = Inbox<String>()
        let notifier = TerminalNotifier { output.put($0) }
        let request = NotificationRequest(id: "focus", title: "Focus over", body: "25 minutes done", category: "FOCUS_CATEGORY", actions: [])

        notifier.present(request) { _ in }

        #expect(output.drain() == ["[LockOut] Focus over — 25 minutes done\u{07}\n"])
    }

    @Test("withdrawing writes nothing")
    func withdraw() {
        let output = Inbox<String>()
        let notifier = TerminalNotifier { output.put($0) }

        notifier.withdraw(id: "break")

        #expect(output.drain().isEmpty)
    }
}

@Suite("Freedesktop notifier without a desktop")
struct FreedesktopNotifierArgumentTests {
    @Test("notify-send gets app name, id, wait, category, hint, actions and the texts after --")
    func arguments() {
        #expect(FreedesktopNotifier.arguments(for: eyeBreak, replacing: nil) == [
            "--app-name=LockOut", "--print-id", "--wait", "--urgency=normal", "--expire-time=0",
            "--category=BREAK_CATEGORY", "--hint=string:x-lockout-id:break",
            "--action=SNOOZE=Snooze 5 min", "--action=DONE=Done", "--action=SKIP=Skip",
            "--", "Eye Break", "Look at something 20 feet away for 20 seconds",
        ])
    }

    @Test("replacing passes the server's id")
    func replaceID() {
        #expect(FreedesktopNotifier.arguments(for: eyeBreak, replacing: 7).contains("--replace-id=7"))
    }

    @Test("markup characters in the body are escaped")
    func escaping() {
        #expect(FreedesktopNotifier.escapingMarkup("Read <b> & write") == "Read &lt;b&gt; &amp; write")
    }

    @Test("without a session bus nothing is available")
    func unavailable() {
        #expect(!FreedesktopNotifier.isAvailable(environment: ["PATH": "/usr/bin:/bin"]))
    }

    @Test("without notify-send there is no notifier")
    func missingTool() {
        #expect(FreedesktopNotifier(environment: ["PATH": "/nonexistent"]) == nil)
    }
}

/// Runs against the session's real notification daemon: `scripts/e2e/with-desktop.sh swift test`.
@Suite(
    "Freedesktop notifier on a desktop",
    .serialized,
    .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason)
)
struct FreedesktopNotifierDesktopTests {
    init() throws {
        try DesktopSession.require()
    }

    @Test("a presented notification reaches the daemon with title, body, app name and category")
    func present() async throws {
        try Dunst.closeAll()
        let notifier = try #require(FreedesktopNotifier())
        let request = eyeBreak.withID("present-\(UUID())")

        notifier.present(request) { _ in }
        let serverID = try #require(try await eventually { notifier.serverID(for: request.id) })
        try Dunst.closeAll()  // as the person dismissing it; dunst moves it to history

        let shown = try #require(try await eventually { try Dunst.history().first { $0.id == serverID } })
        #expect(shown.summary == "Eye Break")
        #expect(shown.body == "Look at something 20 feet away for 20 seconds")
        #expect(shown.appName == "LockOut")
        #expect(shown.category == "BREAK_CATEGORY")
    }

    @Test("choosing an action reports its id once")
    func action() async throws {
        try Dunst.closeAll()
        let notifier = try #require(FreedesktopNotifier())
        let request = eyeBreak.withID("action-\(UUID())")
        let actions = Inbox<String>()

        notifier.present(request) { actions.put($0) }
        let serverID = try #require(try await eventually { notifier.serverID(for: request.id) })
        try Dunst.invokeAction("\(serverID),DONE")

        #expect(await actions.next(within: 10) == "DONE")
        #expect(await actions.next(within: 0.3) == nil)
    }

    @Test("withdrawing closes the notification")
    func withdraw() async throws {
        try Dunst.closeAll()
        let notifier = try #require(FreedesktopNotifier())
        let request = eyeBreak.withID("withdraw-\(UUID())")
        notifier.present(request) { _ in }
        let serverID = try #require(try await eventually { notifier.serverID(for: request.id) })
        #expect(try Dunst.count("displayed") == 1)

        notifier.withdraw(id: request.id)

        #expect(try await eventually { try Dunst.count("displayed") == 0 ? true : nil } == true)
        #expect(try Dunst.history().contains { $0.id == serverID })
        #expect(try await eventually { ProcessTable.processes(withArgument: request.id).isEmpty ? true : nil } == true)
    }

    @Test("withdrawing at once, before the daemon's id is known, still closes the notification")
    func withdrawAtOnce() async throws {
        try Dunst.closeAll()
        let notifier = try #require(FreedesktopNotifier())
        let request = eyeBreak.withID("withdraw-at-once-\(UUID())")

        notifier.present(request) { _ in }
        notifier.withdraw(id: request.id)

        #expect(try await eventually { ProcessTable.processes(withArgument: request.id).isEmpty ? true : nil } == true)
        #expect(try Dunst.count("displayed") == 0)
    }

    @Test("presenting the same id again replaces the notification, and only the new one answers")
    func replace() async throws {
        try Dunst.closeAll()
        let notifier = try #require(FreedesktopNotifier())
        let id = "replace-\(UUID())"
        let first = Inbox<String>()
        let second = Inbox<String>()
        notifier.present(eyeBreak.withID(id)) { first.put($0) }
        let firstServerID = try #require(try await eventually { notifier.serverID(for: id) })

        notifier.present(eyeBreak.withID(id, title: "Long Break")) { second.put($0) }
        let secondServerID = try #require(try await eventually { notifier.serverID(for: id) })
        #expect(try Dunst.count("displayed") == 1)
        try Dunst.invokeAction("\(secondServerID),SKIP")

        #expect(secondServerID == firstServerID)
        #expect(await second.next(within: 10) == "SKIP")
        #expect(await first.next(within: 0.3) == nil)
        #expect(try await eventually { ProcessTable.processes(withArgument: id).isEmpty ? true : nil } == true)
        let shown = try #require(try await eventually { try Dunst.history().first { $0.id == secondServerID } })
        #expect(shown.summary == "Long Break")
    }
}

extension NotificationRequest {
    fileprivate func withID(_ id: String, title: String? = nil) -> NotificationRequest {
        NotificationRequest(id: id, title: title ?? self.title, body: body, category: category, actions: actions)
    }
}

extension Inbox {
    /// Everything delivered so far, without waiting.
    fileprivate func drain() -> [Value] {
        var values: [Value] = []
        while let value = takeIfPresent() { values.append(value) }
        return values
    }
}

/// A killed agent's notifications, cleaned up by the next one through the ledger file. In the desktop
/// suite, which runs one test at a time: each test starts by closing every notification on screen.
extension FreedesktopNotifierDesktopTests {
    private func ledgerURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("notifications-\(UUID()).json")
    }

    @Test("showing the same request again replaces what the killed agent left, in place")
    func replacesLeftOver() async throws {
        try Dunst.closeAll()
        let ledger = ledgerURL()
        defer { try? FileManager.default.removeItem(at: ledger) }
        let request = eyeBreak.withLedgerID("left-\(UUID())")
        let killed = try #require(FreedesktopNotifier(ledger: ledger))
        killed.present(request) { _ in }
        let leftID = try #require(try await eventually { killed.serverID(for: request.id) })
        #expect(try await eventually { FileManager.default.fileExists(atPath: ledger.path) ? true : nil } == true)

        let next = try #require(FreedesktopNotifier(ledger: ledger))
        next.present(request) { _ in }
        let newID = try #require(try await eventually(within: 10) { next.serverID(for: request.id) })
        next.closeLeftOvers()

        #expect(newID == leftID)
        #expect(try Dunst.count("displayed") == 1)
        next.withdraw(id: request.id)
        #expect(try await eventually { try Dunst.count("displayed") == 0 ? true : nil } == true)
    }

    @Test("what the killed agent left and nobody shows again is closed")
    func closesLeftOver() async throws {
        try Dunst.closeAll()
        let ledger = ledgerURL()
        defer { try? FileManager.default.removeItem(at: ledger) }
        let request = eyeBreak.withLedgerID("orphan-\(UUID())")
        let killed = try #require(FreedesktopNotifier(ledger: ledger))
        killed.present(request) { _ in }
        _ = try #require(try await eventually { killed.serverID(for: request.id) })
        #expect(try await eventually { (try? Data(contentsOf: ledger)).map { _ in true } } == true)

        let next = try #require(FreedesktopNotifier(ledger: ledger))
        next.closeLeftOvers()
        // The new agent's ledger forgets the closed notification at once.
        let ledgerText = String(decoding: try Data(contentsOf: ledger), as: UTF8.self)
        #expect(ledgerText == "{}")

        #expect(try await eventually { try Dunst.count("displayed") == 0 ? true : nil } == true)
    }
}

extension NotificationRequest {
    fileprivate func withLedgerID(_ id: String) -> NotificationRequest {
        NotificationRequest(id: id, title: title, body: body, category: category, actions: actions)
    }
}
