import Foundation
import LockOutCore
import Testing
@testable import LockOutAgent

let eyeBreak = NotificationRequest(
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

extension NotificationRequest {
    func withID(_ id: String, title: String? = nil) -> NotificationRequest {
        NotificationRequest(id: id, title: title ?? self.title, body: body, category: category, actions: actions)
    }
}

extension Inbox {
    /// Everything delivered so far, without waiting.
    func drain() -> [Value] {
        var values: [Value] = []
        while let value = takeIfPresent() { values.append(value) }
        return values
    }
}

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

@Suite("Desktop notifier without a desktop")
struct NotifyArgumentTests {
    @Test("Notify gets app name, replaced id, no icon, the texts, actions as id/title pairs, hints and no expiry")
    func arguments() {
        #expect(FreedesktopNotifyArguments.arguments(for: eyeBreak, replacing: 0) == [
            .string("LockOut"), .uint32(0), .string(""), .string("Eye Break"),
            .string("Look at something 20 feet away for 20 seconds"),
            .strings(["SNOOZE", "Snooze 5 min", "DONE", "Done", "SKIP", "Skip"]),
            .variants(["category": .string("BREAK_CATEGORY"), "urgency": .byte(1), "x-lockout-id": .string("break")]),
            .int32(0),
        ])
    }

    @Test("replacing passes the server's id")
    func replaceID() {
        #expect(FreedesktopNotifyArguments.arguments(for: eyeBreak, replacing: 7)[1] == .uint32(7))
    }

    @Test("markup characters in the body are escaped, the title is sent as it is")
    func escaping() {
        let request = NotificationRequest(id: "x", title: "A <b>", body: "Read <b> & write", category: "C", actions: [])
        let arguments = FreedesktopNotifyArguments.arguments(for: request, replacing: 0)
        #expect(arguments[3] == .string("A <b>"))
        #expect(arguments[4] == .string("Read &lt;b&gt; &amp; write"))
        // By scalars: a prepend letter joins the < after it into one Character, and must not hide it.
        let joined = NotificationRequest(id: "y", title: "T", body: "\u{0D4E}<b\u{0D4E}> is locked", category: "C", actions: [])
        #expect(FreedesktopNotifyArguments.arguments(for: joined, replacing: 0)[4] == .string("\u{0D4E}&lt;b\u{0D4E}&gt; is locked"))
    }

    @Test("without a session bus every notification goes to the terminal, and there is nothing left over")
    func noBus() {
        let output = Inbox<String>()
        let notifier = DesktopNotifier(environment: ["XDG_RUNTIME_DIR": "/nonexistent"], terminal: TerminalNotifier { output.put($0) })

        notifier.present(eyeBreak) { _ in }
        notifier.withdraw(id: eyeBreak.id)

        #expect(output.drain() == [TerminalNotifier.line(for: eyeBreak)])
        #expect(notifier.leftOvers.isEmpty)
    }
}
