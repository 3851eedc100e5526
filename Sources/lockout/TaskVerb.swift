import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout task add|list|remind|done|delete|test`: tasks with due dates and reminders.
///
/// Changes go through the agent when one runs (it schedules the reminders); the list reads the database.
struct TaskVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task",
        abstract: "Keep tasks with due dates and reminders.",
        subcommands: [Add.self, List.self, Remind.self, Done.self, Delete.self, Test.self],
        defaultSubcommand: List.self
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a task.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "What to do.") var title: String
        @Option(help: "When it is due: YYYY-MM-DD or 'YYYY-MM-DD HH:MM' (local time).") var due: String?
        @Option(help: "on (1 hour before a due time, 09:00 on a due day, else 1 hour from now), 1h-before, morning-of, day-before or 'YYYY-MM-DD HH:MM'.")
        var remind: String?

        func run() throws {
            try performTask(global) { calendar in
                .add(
                    title: title,
                    due: try due.map(TaskInput.due),
                    reminder: try remind.map { try TaskInput.reminderChoice($0, calendar: calendar) }
                )
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tasks, open ones first by due date; ⏰ marks a reminder that will still fire."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let rows = try reportingErrors {
                let context = try global.context()
                return TaskListing.rows(try context.database.taskStore.all(), now: context.clock.now(), calendar: context.calendar)
            }
            if json { try printJSON(TaskList(tasks: rows)) } else { print(TextRendering.tasks(rows)) }
        }
    }

    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a task's reminder: off, on (1 hour before a due time, 09:00 on a due day, else 1 hour from now), 1h-before, morning-of, day-before or 'YYYY-MM-DD HH:MM'."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The task id from 'lockout task list'.") var id: String
        @Argument(help: "off, on, 1h-before, morning-of, day-before or 'YYYY-MM-DD HH:MM'.") var choice: String

        func run() throws {
            try performTask(global) { calendar in
                .remind(try TaskID(parsing: id), try TaskInput.reminderChoice(choice, calendar: calendar))
            }
        }
    }

    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a task done; its reminder no longer fires.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The task id from 'lockout task list'.") var id: String
        func run() throws { try performTask(global) { _ in .done(try TaskID(parsing: id)) } }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a task and its reminder.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The task id from 'lockout task list'.") var id: String

        func run() throws {
            let row = try reportingErrors {
                let context = try global.context()
                return try context.focusControl().perform(TaskCommand.delete(try TaskID(parsing: id)))
            }
            print("Deleted task \(row.id): \(row.title)")
        }
    }

    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the task's reminder in 5 seconds, to see what it looks like (needs the running agent)."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The task id from 'lockout task list'.") var id: String

        func run() throws {
            let row = try reportingErrors {
                try global.context().focusControl().perform(TaskCommand.test(try TaskID(parsing: id)))
            }
            print("The reminder of task \(row.id) shows in 5 seconds.")
        }
    }
}

/// The JSON of `lockout task list --json`.
struct TaskList: Encodable {
    /// Open tasks first, each by due moment.
    let tasks: [TaskRow]
}

/// Builds a task command (with the local calendar for typed moments), sends it, and prints the task's row.
private func performTask(_ global: GlobalOptions, _ makeCommand: (Calendar) throws -> TaskCommand) throws {
    let row = try reportingErrors {
        let context = try global.context()
        let command = try makeCommand(context.calendar)
        return try context.focusControl().perform(command)
    }
    print(TextRendering.tasks([row]))
}
