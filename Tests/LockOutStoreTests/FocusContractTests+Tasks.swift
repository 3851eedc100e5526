import Foundation
import LockOutCore
import Testing

// MARK: - TaskStore

extension FocusContractTests {
    static func due(_ iso: String, _ hour: Int? = nil, _ minute: Int = 0) -> TaskDue {
        TaskDue(day: Fixed.day(iso), time: hour.flatMap { TaskDue.TimeOfDay(hour: $0, minute: minute) })
    }

    @Test("added tasks get ids 1, 2, 3… and read back with their due date and reminder", arguments: Backend.allCases)
    func tasksReadBack(backend: Backend) throws {
        let exact = Fixed.now.addingTimeInterval(0.5)
        let inputs: [(String, TaskDue?, ReminderPreset?)] = [
            ("  Call mum ", nil, nil),
            ("Report", Self.due("2023-11-15", 0, 30), .hourBefore),
            ("Taxes", Self.due("2023-11-16"), .morningOf),
            ("Train", Self.due("2023-11-17", 23, 59), .dayBefore),
            ("Plants", nil, .exact(exact)),
            ("Dentist", Self.due("2023-11-18", 14, 5), .exact(exact)),
        ]
        try backend.withFocusStores { stores in
            var added: [TaskItem] = []
            for (title, due, reminder) in inputs {
                added.append(try stores.tasks.add(title: title, due: due, reminder: reminder))
            }

            #expect(added.map(\.id.rawValue) == [1, 2, 3, 4, 5, 6])
            #expect(added[0] == TaskItem(id: TaskID(rawValue: 1), title: "Call mum"))
            #expect(added[5] == TaskItem(id: TaskID(rawValue: 6), title: "Dentist", due: Self.due("2023-11-18", 14, 5), reminder: .exact(exact)))
            #expect(try stores.tasks.all() == added)
            #expect(try stores.tasks.task(TaskID(rawValue: 2)) == added[1])
            #expect(try stores.tasks.task(TaskID(rawValue: 7)) == nil)
        }
    }

    @Test("the id of a deleted task is never given again, not even the last one's", arguments: Backend.allCases)
    func taskIDsNeverReused(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let first = try stores.tasks.add(title: "One", due: nil, reminder: nil)
            let second = try stores.tasks.add(title: "Two", due: nil, reminder: nil)

            let removed = try stores.tasks.remove(second.id)
            let third = try stores.tasks.add(title: "Three", due: nil, reminder: nil)

            #expect(removed == second)
            #expect(third.id == TaskID(rawValue: 3))
            #expect(try stores.tasks.all() == [first, third])
        }
    }

    @Test("an empty title is rejected, stores nothing and uses up no id", arguments: Backend.allCases)
    func emptyTaskTitle(backend: Backend) throws {
        try backend.withFocusStores { stores in
            #expect(throws: FocusDataError.emptyTaskTitle) {
                _ = try stores.tasks.add(title: " \n ", due: Self.due("2023-11-15"), reminder: nil)
            }
            let task = try stores.tasks.add(title: "Real", due: nil, reminder: nil)

            #expect(task.id == TaskID(rawValue: 1))
            #expect(try stores.tasks.all() == [task])
        }
    }

    @Test("update replaces every field; an unknown id or empty title throws and changes nothing", arguments: Backend.allCases)
    func updateTask(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let task = try stores.tasks.add(title: "Report", due: Self.due("2023-11-15", 9), reminder: .hourBefore)
            let exact = Fixed.now.addingTimeInterval(-0.25)

            let edited = task.with(title: "Final report", due: .some(Self.due("2023-11-16")), reminder: .some(.exact(exact)), isDone: true)
            try stores.tasks.update(edited)
            #expect(try stores.tasks.task(task.id) == edited)

            let cleared = edited.with(due: .some(nil), reminder: .some(nil), isDone: false)
            try stores.tasks.update(cleared)
            #expect(try stores.tasks.task(task.id) == cleared)

            #expect(throws: FocusDataError.unknownTask(TaskID(rawValue: 9))) {
                try stores.tasks.update(TaskItem(id: TaskID(rawValue: 9), title: ""))
            }
            #expect(throws: FocusDataError.emptyTaskTitle) { try stores.tasks.update(cleared.with(title: "  ")) }
            #expect(try stores.tasks.all() == [cleared])
        }
    }

    @Test("removing an unknown task throws", arguments: Backend.allCases)
    func removeUnknownTask(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let task = try stores.tasks.add(title: "Keep", due: nil, reminder: nil)

            #expect(throws: FocusDataError.unknownTask(TaskID(rawValue: 2))) { try stores.tasks.remove(TaskID(rawValue: 2)) }
            #expect(try stores.tasks.all() == [task])
        }
    }
}
