import Foundation
import Testing
@testable import LockOutCore

@Suite("ReminderLifecycle: schedule, reschedule, cancel and test reminders as effects")
struct ReminderLifecycleTests {
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private static func berlinDate(_ day: Int, _ hour: Int) -> Date {
        berlin.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour))!
    }

    /// 2026-11-22 10:00 in Berlin.
    private static let now = berlinDate(22, 10)

    private static func task(id: Int = 3, dueHour: Int = 14, reminder: ReminderPreset? = .hourBefore) -> TaskItem {
        TaskItem(
            id: TaskID(rawValue: id),
            title: "Call the bank",
            due: TaskDue(day: LocalDate(year: 2026, month: 11, day: 23), time: TaskDue.TimeOfDay(hour: dueHour, minute: 0)),
            reminder: reminder
        )
    }

    private static func saved(_ task: TaskItem, previous: TaskItem?) -> [ReminderEffect] {
        ReminderLifecycle.saved(task, previous: previous, now: now, calendar: berlin)
    }

    @Test("Adding a task with a reminder schedules it at the fire date")
    func addSchedules() {
        let task = Self.task()
        #expect(Self.saved(task, previous: nil) == [
            .schedule(id: "task.3", at: Self.berlinDate(23, 13), request: ReminderPlanner.notification(for: task)),
        ])
    }

    @Test("Adding a task without a reminder does nothing")
    func addWithoutReminder() {
        #expect(Self.saved(Self.task(reminder: nil), previous: nil).isEmpty)
    }

    @Test("Adding a task whose reminder moment has passed schedules nothing")
    func addPastReminder() {
        let task = Self.task(reminder: .exact(Self.berlinDate(22, 9)))
        #expect(Self.saved(task, previous: nil).isEmpty)
    }

    @Test("Turning the reminder off cancels it")
    func offCancels() {
        let task = Self.task()
        #expect(Self.saved(task.with(reminder: .some(nil)), previous: task) == [.cancel(id: "task.3")])
    }

    @Test("Editing the due time reschedules the reminder under the same id")
    func editReschedules() {
        let task = Self.task()
        let moved = task.with(due: TaskDue(day: LocalDate(year: 2026, month: 11, day: 23), time: TaskDue.TimeOfDay(hour: 16, minute: 0)))
        #expect(Self.saved(moved, previous: task) == [
            .schedule(id: "task.3", at: Self.berlinDate(23, 15), request: ReminderPlanner.notification(for: moved)),
        ])
    }

    @Test("Editing the title reschedules so the notification shows the new title")
    func renameReschedules() {
        let task = Self.task()
        let renamed = task.with(title: "Call the bank back")
        let effects = Self.saved(renamed, previous: task)
        #expect(effects == [
            .schedule(id: "task.3", at: Self.berlinDate(23, 13), request: ReminderPlanner.notification(for: renamed)),
        ])
    }

    @Test("Saving an unchanged task does nothing")
    func unchangedDoesNothing() {
        #expect(Self.saved(Self.task(), previous: Self.task()).isEmpty)
    }

    @Test("Marking the task done cancels its reminder")
    func doneCancels() {
        let task = Self.task()
        #expect(Self.saved(task.with(isDone: true), previous: task) == [.cancel(id: "task.3")])
    }

    @Test("Deleting the task cancels its reminder and any test reminder")
    func deleteCancels() {
        #expect(ReminderLifecycle.deleted(Self.task()) == [.cancel(id: "task.3"), .cancel(id: "task.3.test")])
    }

    @Test("A test reminder fires 5 s later under its own id, without touching the real one")
    func testReminder() {
        let effects = ReminderLifecycle.test(Self.task(), now: Self.now)
        guard case .schedule(let id, let at, let request)? = effects.first else {
            Issue.record("expected one schedule, got \(effects)")
            return
        }
        #expect(effects.count == 1)
        #expect(id == "task.3.test")
        #expect(at == Self.now.addingTimeInterval(5))
        #expect(request.title == "Task Due Soon")
        #expect(request.id == "task.3.test")
    }

    @Test("At launch every reminder still ahead is scheduled, soonest first; past and off ones are not")
    func pendingAtLaunch() {
        let later = Self.task(id: 1, dueHour: 20)
        let sooner = Self.task(id: 2, dueHour: 9)
        let off = Self.task(id: 4, reminder: nil)
        let past = Self.task(id: 5, reminder: .exact(Self.berlinDate(21, 8)))
        let effects = ReminderLifecycle.pending([later, off, past, sooner], now: Self.now, calendar: Self.berlin)
        #expect(effects == [
            .schedule(id: "task.2", at: Self.berlinDate(23, 8), request: ReminderPlanner.notification(for: sooner)),
            .schedule(id: "task.1", at: Self.berlinDate(23, 19), request: ReminderPlanner.notification(for: later)),
        ])
    }
}
