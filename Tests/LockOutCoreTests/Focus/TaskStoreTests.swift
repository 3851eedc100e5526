import Foundation
import Testing
@testable import LockOutCore

@Suite("InMemoryTaskStore and the task listing")
struct TaskStoreTests {
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// 2026-11-22 10:00 in Berlin.
    private static let now = berlin.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 10))!

    private static func due(_ day: Int, _ hour: Int? = nil) -> TaskDue {
        TaskDue(day: LocalDate(year: 2026, month: 11, day: day), time: hour.flatMap { TaskDue.TimeOfDay(hour: $0, minute: 0) })
    }

    @Test("Added tasks get ids 1, 2, 3 and keep their fields")
    func addAssignsIDs() throws {
        let store = InMemoryTaskStore()
        let first = try store.add(title: "Invoice", due: Self.due(23), reminder: .morningOf)
        let second = try store.add(title: " Bank ", due: nil, reminder: nil)
        #expect(first == TaskItem(id: TaskID(rawValue: 1), title: "Invoice", due: Self.due(23), reminder: .morningOf))
        #expect(second.id == TaskID(rawValue: 2))
        #expect(second.title == "Bank")
    }

    @Test("Ids are not reused after a delete")
    func idsNotReused() throws {
        let store = InMemoryTaskStore()
        let first = try store.add(title: "A", due: nil, reminder: nil)
        _ = try store.add(title: "B", due: nil, reminder: nil)
        try store.remove(TaskID(rawValue: 2))
        #expect(try store.add(title: "C", due: nil, reminder: nil).id == TaskID(rawValue: 3))
        #expect(store.all() == [first, TaskItem(id: TaskID(rawValue: 3), title: "C")])
    }

    @Test("A blank title is rejected and nothing is stored")
    func blankTitle() {
        let store = InMemoryTaskStore()
        #expect(throws: FocusDataError.emptyTaskTitle) { try store.add(title: "  ", due: nil, reminder: nil) }
        #expect(store.all().isEmpty)
    }

    @Test("Updating replaces the stored task")
    func updateReplaces() throws {
        let store = InMemoryTaskStore()
        let task = try store.add(title: "A", due: nil, reminder: nil)
        try store.update(task.with(isDone: true))
        #expect(store.task(task.id)?.isDone == true)
    }

    @Test("Updating or removing an unknown task throws unknownTask")
    func unknownTask() {
        let store = InMemoryTaskStore()
        let ghost = TaskItem(id: TaskID(rawValue: 9), title: "Ghost")
        #expect(throws: FocusDataError.unknownTask(ghost.id)) { try store.update(ghost) }
        #expect(throws: FocusDataError.unknownTask(ghost.id)) { try store.remove(ghost.id) }
    }

    @Test("The listing marks a task whose reminder will still fire, with its time")
    func listingMarksReminder() {
        let task = TaskItem(id: TaskID(rawValue: 1), title: "Invoice", due: Self.due(22, 14), reminder: .hourBefore)
        let row = TaskListing.row(task, now: Self.now, calendar: Self.berlin)
        #expect(row.hasReminder)
        #expect(row.reminder == "1h-before")
        #expect(row.remindsAt == "13:00")
        #expect(row.due == "2026-11-22 14:00")
    }

    @Test("The listing does not mark a task without a reminder or one whose reminder has passed")
    func listingUnmarked() {
        let off = TaskItem(id: TaskID(rawValue: 1), title: "A", due: Self.due(23))
        let passed = TaskItem(id: TaskID(rawValue: 2), title: "B", due: Self.due(22, 10), reminder: .hourBefore)
        let rows = TaskListing.rows([off, passed], now: Self.now, calendar: Self.berlin)
        #expect(rows.map(\.hasReminder) == [false, false])
    }

    @Test("Open tasks come first by due moment, undated after dated, done tasks last")
    func listingOrder() {
        let tasks = [
            TaskItem(id: TaskID(rawValue: 1), title: "done", due: Self.due(22), isDone: true),
            TaskItem(id: TaskID(rawValue: 2), title: "undated"),
            TaskItem(id: TaskID(rawValue: 3), title: "later", due: Self.due(24)),
            TaskItem(id: TaskID(rawValue: 4), title: "sooner", due: Self.due(23, 8)),
        ]
        let titles = TaskListing.rows(tasks, now: Self.now, calendar: Self.berlin).map(\.title)
        #expect(titles == ["sooner", "later", "undated", "done"])
    }
}
