import Foundation
@testable import LockOutAgent
import LockOutCore
import Testing
@testable import LockOutRuntime

/// A restarted agent and the notifications its killed predecessor had outstanding (`LeftOverNotifications`).
@Suite("Agent: notifications a killed agent left")
struct DeviceAgentLeftOverTests {
    /// What happens to a reminder's task while no agent runs, through the stores as the CLI does it then.
    enum Meanwhile: String, CaseIterable, Sendable {
        case nothing, completed, deleted, turnedOff, movedAhead
    }

    /// Runs an agent until the reminder of a task due at 11:00 has fired at 10:00, then leaves it as if killed;
    /// returns the reminder as shown and the task's id.
    private func reminderShown(_ fixture: AgentFixture) async throws -> (NotificationRequest, TaskID) {
        let (agent, timer, notifier) = try await fixture.startAgent()
        _ = try await agent.perform(BreakCommand.stop)
        let due = TaskDue(day: LocalDate(year: 2026, month: 11, day: 23), time: TaskDue.TimeOfDay(hour: 11, minute: 0))
        let row = try await agent.perform(TaskCommand.add(title: "Send the report", due: due, reminder: .standard))
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        return (try #require(notifier.presented.last), row.id)
    }

    /// Starts a new agent over the same database with `leftOvers`; returns what it presented.
    private func restart(_ fixture: AgentFixture, leftOvers: [NotificationRequest]) async throws -> RecordingNotifier {
        let notifier = RecordingNotifier()
        let agent = fixture.makeAgent(notifier: notifier, timer: ManualDeadlineTimer())
        try await agent.start(leftOvers: leftOvers)
        return notifier
    }

    @Test("a task reminder left on screen is shown again as it was — unless its task was completed or deleted, or its reminder turned off or moved ahead", arguments: Meanwhile.allCases)
    func taskReminder(meanwhile: Meanwhile) async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (shown, task) = try await reminderShown(fixture)
        #expect(shown.id == "task.\(task)")
        fixture.wall.advance(by: 600)
        let now = fixture.wall.now
        switch meanwhile {
        case .nothing: break
        case .completed: _ = try fixture.focusService.execute(.done(task), now: now)
        case .deleted: _ = try fixture.focusService.execute(.delete(task), now: now)
        case .turnedOff: _ = try fixture.focusService.execute(.remind(task, .off), now: now)
        case .movedAhead: _ = try fixture.focusService.execute(.remind(task, .preset(.exact(now.addingTimeInterval(3600)))), now: now)
        }

        let notifier = try await restart(fixture, leftOvers: [shown])

        #expect(notifier.presented == (meanwhile == .nothing ? [shown] : []))
    }

    @Test("a test reminder left on screen is shown again while its task is open")
    func testReminder() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let row = try fixture.focusService.execute(.add(title: "Water the plants", due: nil, reminder: nil), now: fixture.wall.now).row
        let test = ReminderPlanner.notification(for: TaskItem(id: row.id, title: "Water the plants"), id: ReminderPlanner.testNotificationID(row.id))

        let notifier = try await restart(fixture, leftOvers: [test])

        #expect(notifier.presented == [test])
    }

    @Test("a break left on screen is shown once, by the restored state, while the break is still pending")
    func pendingBreak() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (first, timer, firstNotifier) = try await fixture.startAgent()
        fixture.wall.set(try #require(timer.deadline))
        await first.timerFired(.deadlineReached)
        let shown = try #require(firstNotifier.presented.last)

        let notifier = try await restart(fixture, leftOvers: [shown])

        #expect(notifier.presented == [shown])
    }

    @Test("a break answered from the CLI while no agent ran is not shown again")
    func answeredBreak() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (first, timer, firstNotifier) = try await fixture.startAgent()
        fixture.wall.set(try #require(timer.deadline))
        await first.timerFired(.deadlineReached)
        let shown = try #require(firstNotifier.presented.last)
        var breaks = try fixture.service.restore(now: fixture.wall.now).engine
        _ = try fixture.service.execute(.done(nil), on: &breaks, now: fixture.wall.now)

        let notifier = try await restart(fixture, leftOvers: [shown])

        #expect(notifier.presented.isEmpty)
    }

    @Test("a focus alert left on screen is shown again; a health-gate notice and an unknown one are not")
    func otherKinds() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let alert = NotificationRequest(id: FocusAlerts.id, title: "Timer Complete", body: "Work session finished", category: NotificationSchedule.focusCategory, actions: [])
        let gate = NotificationRequest(id: "gate", title: "Goals met", body: "…", category: "GATE_CATEGORY", actions: [])
        let unknown = NotificationRequest(id: "later", title: "?", body: "?", category: "SOMETHING_NEW", actions: [])

        let notifier = try await restart(fixture, leftOvers: [alert, gate, unknown])

        #expect(notifier.presented == [alert])
    }
}

@Suite("Left-over notification policy")
struct LeftOverNotificationsTests {
    @Test("task reminder ids name their task, and whether they are the test one")
    func reminderIDs() {
        #expect(LeftOverNotifications.taskReminder("task.3")?.0 == TaskID(rawValue: 3))
        #expect(LeftOverNotifications.taskReminder("task.3")?.isTest == false)
        #expect(LeftOverNotifications.taskReminder("task.12.test")?.isTest == true)
        for malformed in ["task.03", "task.x", "task.", "task.3.later", "break", "task.-1", "task.0"] {
            #expect(LeftOverNotifications.taskReminder(malformed) == nil, "\(malformed)")
        }
    }
}
