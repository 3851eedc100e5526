import Foundation
import LockOutCore
import LockOutRuntime
import Testing

@Suite("Notification router: the rule against duplicate notifications")
struct NotificationRouterTests {
    private static func request(_ id: String, category: String) -> NotificationRequest {
        NotificationRequest(id: id, title: "Title", body: "Body", category: category, actions: [])
    }

    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String] = []
        var all: [String] { lock.withLock { values } }
        func add(_ value: String) { lock.withLock { values.append(value) } }
    }

    @Test("a break, a break without snoozes, a focus end or a task reminder is left to the plan, never posted")
    func plannedKindsLeftToPlan() {
        var router = NotificationRouter()
        for category in [BreakNotifications.category, NotificationCategoryPlan.breakWithoutSnooze, NotificationSchedule.focusCategory, ReminderPlanner.category] {
            let presentation = router.present(Self.request("x", category: category)) { _ in }
            #expect(presentation == .leftToPlan)
        }
        // Every category a plan registers is one of them.
        #expect(Set(NotificationCategoryPlan.all(snoozeMinutes: 7).map(\.id)) == NotificationRouter.plannedCategories)
    }

    @Test("what no plan holds (the test notification, the gate's and the rewards' notices) is posted, its buttons to its handler")
    func othersPosted() {
        var router = NotificationRouter()
        let answers = Answers()
        let test = router.present(Self.request("lockout-test", category: "TEST_CATEGORY")) { answers.add($0) }
        let gate = router.present(Self.request("gate", category: "GATE_CATEGORY")) { _ in }
        #expect((test, gate) == (.postNow, .postNow))
        guard case .handler(let handler) = router.answer(id: "lockout-test", action: "OK") else {
            Issue.record("the posted request's button did not reach its handler")
            return
        }
        handler("OK")
        #expect(answers.all == ["OK"])
    }

    @Test("a plan request's button goes to the agent; opening or dismissing answers nothing")
    func planButtons() {
        let router = NotificationRouter()
        guard case .agent(let id, let action) = router.answer(id: "break.eye.1795422000", action: BreakNotifications.snoozeAction) else {
            Issue.record("a plan request's button did not reach the agent")
            return
        }
        #expect((id, action) == ("break.eye.1795422000", BreakNotifications.snoozeAction))
        guard case .nothing = router.answer(id: "break.eye.1795422000", action: nil) else {
            Issue.record("opening a notification answered something")
            return
        }
    }

    @Test("withdrawing the runtime's break takes every delivered break with it; anything else only itself, and its handler")
    func withdraw() {
        var router = NotificationRouter()
        let delivered = [
            NotificationRouter.Delivered(id: "break.eye.1", category: BreakNotifications.category),
            NotificationRouter.Delivered(id: "break.long.2", category: NotificationCategoryPlan.breakWithoutSnooze),
            NotificationRouter.Delivered(id: "task.3", category: ReminderPlanner.category),
        ]
        let breaks = router.withdraw(id: BreakNotifications.id, delivered: delivered)
        #expect(breaks == ["break", "break.eye.1", "break.long.2"])
        _ = router.present(Self.request("gate", category: "GATE_CATEGORY")) { _ in }
        let gate = router.withdraw(id: "gate", delivered: delivered)
        #expect(gate == ["gate"])
        guard case .agent = router.answer(id: "gate", action: "OK") else {
            Issue.record("a withdrawn request's handler was kept")
            return
        }
    }

    @Test("in front, a break goes to the list without a banner; anything else shows as a banner")
    func foreground() {
        #expect(NotificationRouter.foreground(category: BreakNotifications.category) == .listOnly)
        #expect(NotificationRouter.foreground(category: NotificationCategoryPlan.breakWithoutSnooze) == .listOnly)
        #expect(NotificationRouter.foreground(category: ReminderPlanner.category) == .banner)
        #expect(NotificationRouter.foreground(category: "TEST_CATEGORY") == .banner)
    }
}
