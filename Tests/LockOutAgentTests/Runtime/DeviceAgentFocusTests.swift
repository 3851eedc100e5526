import Foundation
import LockOutAgent
import LockOutCore
import Testing
import LockOutRuntime

@Suite("Agent: focus sessions, alerts, reminders and the live status")
struct DeviceAgentFocusTests {
    private static let minute: TimeInterval = 60

    /// A started agent with breaks stopped, so the timer shows only focus and reminder deadlines.
    private func quietAgent(_ fixture: AgentFixture) async throws -> (DeviceAgent, ManualDeadlineTimer, RecordingNotifier) {
        let (agent, timer, notifier) = try await fixture.startAgent()
        _ = try await agent.perform(BreakCommand.stop)
        return (agent, timer, notifier)
    }

    private func focusAlerts(_ notifier: RecordingNotifier) -> [NotificationRequest] {
        notifier.presented.filter { $0.id == FocusAlerts.id }
    }

    @Test("a pomodoro focus segment ends: one 'Work session finished' alert, the short break runs, the segment is in the history")
    func pomodoroSegmentEnds() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await quietAgent(fixture)

        let started = try await agent.perform(FocusCommand.start(FocusStart(mode: .pomodoro)))
        #expect(started.status?.label == "Work")
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(25 * Self.minute))

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)

        let alerts = focusAlerts(notifier)
        #expect(alerts.map(\.title) == ["Timer Complete"])
        #expect(alerts.map(\.body) == ["Work session finished"])
        let screen = try await agent.focusScreen()
        #expect(screen.status?.label == "Break")
        #expect(screen.completedFocus == 1)
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(30 * Self.minute))
        let history = try fixture.database.focusHistory.sessions(.everything)
        #expect(history.map(\.segment) == [.focus])
        #expect(history.map(\.outcome) == [.completed])

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(focusAlerts(notifier).map(\.body) == ["Work session finished", "Break finished"])
    }

    @Test("pause cancels the alert; resume schedules it for the time that was left")
    func pauseAndResume() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await quietAgent(fixture)

        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 10)))
        fixture.wall.advance(by: 4 * Self.minute)
        let paused = try await agent.perform(FocusCommand.pause)
        #expect(paused.remainingText == "06:00")
        #expect(timer.deadline == nil)

        fixture.wall.advance(by: 30 * Self.minute)
        _ = try await agent.perform(FocusCommand.resume)
        let resumedAt = fixture.wall.now
        #expect(timer.deadline == resumedAt.addingTimeInterval(6 * Self.minute))

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(focusAlerts(notifier).map(\.body) == ["Timer finished"])
        #expect(try await agent.focusScreen().state == "stopped")
        let history = try fixture.database.focusHistory.sessions(.everything)
        #expect(history.map(\.actual) == [10 * Self.minute])
    }

    @Test("killed while running, a restarted agent alerts once at the original end")
    func restartWhileRunning() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (first, _, firstNotifier) = try await quietAgent(fixture)
        _ = try await first.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 25)))
        await first.stop()

        fixture.wall.advance(by: 10 * Self.minute)
        let timer = ManualDeadlineTimer()
        let notifier = RecordingNotifier()
        let second = fixture.makeAgent(notifier: notifier, timer: timer)
        try await second.start()

        #expect(try await second.focusScreen().remainingText == "15:00")
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(25 * Self.minute))
        fixture.wall.set(try #require(timer.deadline))
        await second.timerFired(.deadlineReached)
        #expect(focusAlerts(notifier).count == 1)
        #expect(focusAlerts(firstNotifier).isEmpty)
    }

    @Test("killed while paused, a restarted agent keeps the remaining time and arms nothing for it")
    func restartWhilePaused() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (first, _, _) = try await quietAgent(fixture)
        _ = try await first.perform(FocusCommand.start(FocusStart(mode: .pomodoro)))
        fixture.wall.advance(by: 5 * Self.minute)
        _ = try await first.perform(FocusCommand.pause)
        await first.stop()

        fixture.wall.advance(by: 60 * Self.minute)
        let timer = ManualDeadlineTimer()
        let second = fixture.makeAgent(notifier: RecordingNotifier(), timer: timer)
        try await second.start()

        let screen = try await second.focusScreen()
        #expect(screen.state == "paused")
        #expect(screen.remainingText == "20:00")
        #expect(timer.deadline == nil)
    }

    @Test("a stopwatch never alerts")
    func stopwatchNeverAlerts() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await quietAgent(fixture)
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .stopwatch)))
        #expect(timer.deadline == nil)
        fixture.wall.advance(by: 300 * Self.minute)
        _ = try await agent.perform(FocusCommand.stop)
        #expect(focusAlerts(notifier).isEmpty)
        let history = try fixture.database.focusHistory.sessions(.everything)
        #expect(history.map(\.actual) == [300 * Self.minute])
    }

    @Test("stopping a timer cancels its alert: the end passes without one")
    func stopCancelsAlert() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await quietAgent(fixture)
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 5)))
        fixture.wall.advance(by: 2 * Self.minute)
        _ = try await agent.perform(FocusCommand.stop)
        #expect(timer.deadline == nil)
        fixture.wall.advance(by: 10 * Self.minute)
        await agent.timerFired(.deadlineReached)
        #expect(focusAlerts(notifier).isEmpty)
    }

    @Test("a segment end during suspend alerts once on wake, and the pomodoro has moved on")
    func suspendOverSegmentEnd() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, _, notifier) = try await quietAgent(fixture)
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .pomodoro)))

        fixture.wall.advance(by: 27 * Self.minute)  // asleep across the 25-minute end
        await agent.timerFired(.deadlineReached)

        #expect(focusAlerts(notifier).map(\.body) == ["Work session finished"])
        let screen = try await agent.focusScreen()
        #expect(screen.status?.label == "Break")
        #expect(screen.remainingText == "03:00")
    }

    @Test("an unknown activity is refused and nothing starts")
    func unknownActivity() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, _, _) = try await quietAgent(fixture)
        await #expect(throws: FocusDataError.unknownActivity("Thesis")) {
            _ = try await agent.perform(FocusCommand.start(FocusStart(activity: "Thesis")))
        }
        #expect(try await agent.focusScreen().state == "stopped")

        try fixture.database.activityStore.add(Activity(id: ActivityID(rawValue: UUID()), name: "Thesis"))
        let screen = try await agent.perform(FocusCommand.start(FocusStart(activity: "thesis")))
        #expect(screen.status?.activity == "Thesis")
    }

    @Test("a task reminder shows 'Task Due Soon' at its time, also after a restart; the test reminder comes 5 s later")
    func taskReminders() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (first, firstTimer, firstNotifier) = try await quietAgent(fixture)
        // The fixture starts at 09:00 Berlin; due at 11:00, "1 hour before" fires at 10:00, an hour from now.
        let due = TaskDue(day: LocalDate(year: 2026, month: 11, day: 23), time: TaskDue.TimeOfDay(hour: 11, minute: 0))
        let row = try await first.perform(TaskCommand.add(title: "Send the report", due: due, reminder: .standard))
        #expect(row.hasReminder)
        let remindsAt = AgentFixture.start.addingTimeInterval(60 * Self.minute)
        #expect(firstTimer.deadline == remindsAt)

        _ = try await first.perform(TaskCommand.test(row.id))
        #expect(firstTimer.deadline == fixture.wall.now.addingTimeInterval(5))
        fixture.wall.advance(by: 5)
        await first.timerFired(.deadlineReached)
        #expect(firstNotifier.presented.map(\.title) == ["Task Due Soon"])
        #expect(firstNotifier.presented.map(\.body) == ["Send the report"])
        #expect(firstTimer.deadline == remindsAt)
        await first.stop()

        let timer = ManualDeadlineTimer()
        let notifier = RecordingNotifier()
        let second = fixture.makeAgent(notifier: notifier, timer: timer)
        try await second.start()
        #expect(timer.deadline == remindsAt)
        fixture.wall.set(remindsAt)
        await second.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.id) == ["task.\(row.id)"])
        #expect(notifier.presented.map(\.title) == ["Task Due Soon"])
    }

    @Test("turning a reminder off or deleting the task cancels it")
    func reminderCancelled() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await quietAgent(fixture)
        let due = TaskDue(day: LocalDate(year: 2026, month: 11, day: 24))
        let row = try await agent.perform(TaskCommand.add(title: "Pay rent", due: due, reminder: .standard))
        #expect(row.reminder == "morning-of")
        #expect(timer.deadline != nil)

        _ = try await agent.perform(TaskCommand.remind(row.id, .off))
        #expect(timer.deadline == nil)
        _ = try await agent.perform(TaskCommand.remind(row.id, .preset(.dayBefore)))
        #expect(timer.deadline != nil)
        _ = try await agent.perform(TaskCommand.delete(row.id))
        #expect(timer.deadline == nil)
        await #expect(throws: FocusDataError.unknownTask(row.id)) {
            _ = try await agent.perform(TaskCommand.done(row.id))
        }
    }

    @Test("a follower gets the status at once, then once a second while running, none while paused, and the end")
    func follow() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await quietAgent(fixture)
        let inbox = UpdateInbox()
        await agent.follow(id: UUID()) { inbox.append($0) }
        #expect(inbox.updates == [.end])
        #expect(timer.deadline == nil)  // nothing runs: no ticking for the follower

        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 2)))
        #expect(inbox.updates.count == 2)
        #expect(timer.deadline == fixture.wall.now.addingTimeInterval(1))

        for _ in 0..<3 {
            fixture.wall.set(try #require(timer.deadline))
            await agent.timerFired(.deadlineReached)
        }
        let remaining = inbox.updates.compactMap { update -> TimeInterval? in
            if case .publish(let status) = update { return status.remaining }
            return nil
        }
        #expect(remaining == [120, 119, 118, 117])

        _ = try await agent.perform(FocusCommand.pause)
        #expect(timer.deadline == nil)
        _ = try await agent.perform(FocusCommand.stop)
        #expect(inbox.updates.last == .end)
    }
}

/// Collects live-status updates sent from the agent's executor.
final class UpdateInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [LiveStatusUpdate] = []

    var updates: [LiveStatusUpdate] { lock.withLock { received } }

    func append(_ update: LiveStatusUpdate) { lock.withLock { received.append(update) } }
}

@Suite("Agent: breaks and focus together")
struct DeviceAgentHoldTests {
    private static let minute: TimeInterval = 60

    @Test("with hold-breaks on, the eye break due during focus shows at the segment's end, and the pomodoro break counts it done")
    func holdThenCredit() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        _ = try await agent.perform(FocusCommand.holdBreaksDuringFocus(true))
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .pomodoro)))

        // The eye break would fall due at 20 min; the agent sleeps until the segment ends at 25.
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(25 * Self.minute))
        #expect(try await agent.dashboard().heldForFocus)

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.title) == ["Timer Complete", "Eye Break"])
        #expect(try await agent.dashboard().state == "breakPending")

        // The 5-minute short break covers the eye break's 20 s and the micro break's 30 s (due at 30 min,
        // joining the waiting break as it ends): both are recorded as done when the short break ends.
        fixture.wall.set(AgentFixture.start.addingTimeInterval(30 * Self.minute))
        await agent.timerFired(.deadlineReached)
        let sessions = try fixture.sessions()
        #expect(sessions.map(\.kind) == [.eye, .micro])
        #expect(sessions.map(\.outcome) == [.completed, .completed])
        #expect(notifier.entries.contains(.withdrawn(BreakNotifications.id)))
        let dashboard = try await agent.dashboard()
        #expect(dashboard.heldForFocus)
        #expect(try await agent.focusScreen().status?.label == "Work")
    }

    @Test("without the hold, breaks fall due during focus as usual")
    func noHold() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .pomodoro)))
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(20 * Self.minute))
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
    }
}
