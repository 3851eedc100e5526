import Foundation
import LockOutCore
import LockOutPresentation
import SwiftUI

/// The tasks with reminders (seed 001): adding one with a due date and a reminder, each task's bell with the
/// reminder menu (none, the default, the presets, a chosen time, a test), done and delete.
struct TasksView: View {
    let model: TasksModel

    /// The task whose reminder time is being picked.
    @State private var picking: TaskRow?

    var body: some View {
        // The date pickers start at now; the timeline supplies it, once a minute.
        TimelineView(.everyMinute) { context in
            List {
                Section {
                    NewTaskForm(model: model, today: context.date)
                } header: {
                    Text("New Task")
                }
                Section {
                    if model.rows.isEmpty {
                        Text("No tasks")
                            .foregroundStyle(.secondary)
                    }
                    ForEach(model.rows) { row in
                        TaskRowView(model: model, row: row) { picking = row }
                    }
                } header: {
                    Text("Tasks")
                }
                if let message = model.message {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("tasks.message")
                }
            }
            .sheet(item: $picking) { row in
                TaskReminderPicker(model: model, taskID: row.id, start: context.date)
            }
        }
        .navigationTitle(Text("Tasks"))
        .task { await model.refresh() }
    }
}

/// One task: done, title, due date, the bell when a reminder will fire and when; the bell opens the reminder menu.
struct TaskRowView: View {
    let model: TasksModel
    let row: TaskRow
    /// Opens the picker for a reminder at a chosen time.
    let pickTime: () -> Void

    var body: some View {
        HStack(alignment: .top, spacing: 8) {
            Button {
                Task { await model.complete(row) }
            } label: {
                Image(systemName: row.isDone ? "checkmark.circle.fill" : "circle")
                    .foregroundStyle(row.isDone ? Color.green : Color.secondary)
                    .accessibilityLabel(row.isDone ? Text("Done") : Text("Mark as done"))
            }
            .buttonStyle(.plain)
            .disabled(row.isDone)
            .accessibilityIdentifier("tasks.done")

            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: row.title)
                    .strikethrough(row.isDone)
                    .foregroundStyle(row.isDone ? .secondary : .primary)
                HStack(spacing: 4) {
                    if let due = row.due {
                        Text(verbatim: due)
                    }
                    if row.hasReminder {
                        Image(systemName: "bell.fill")
                            .foregroundStyle(.orange)
                    }
                    if let remindsAt = row.remindsAt {
                        Text(verbatim: remindsAt)
                    }
                }
                .font(.caption)
                .foregroundStyle(.secondary)
            }

            Spacer()

            Menu {
                ForEach(model.reminderChoices, id: \.self) { choice in
                    Button(choice.title) {
                        Task { await model.remind(row, choice) }
                    }
                    .accessibilityIdentifier("tasks.reminder.\(choice.title)")
                }
                Button("At a chosen time…", action: pickTime)
                    .accessibilityIdentifier("tasks.reminder.pick")
                Divider()
                Button("Test Reminder") {
                    Task { await model.testReminder(row) }
                }
                .accessibilityIdentifier("tasks.reminder.test")
            } label: {
                Image(systemName: row.hasReminder ? "bell.fill" : "bell")
                    .foregroundStyle(row.hasReminder ? Color.orange : Color.secondary)
                    .accessibilityLabel(Text("Reminder"))
            }
            .disabled(row.isDone)
            .accessibilityIdentifier("bell")
        }
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("TaskRow")
        .swipeActions(edge: .trailing) {
            Button(role: .destructive) {
                Task { await model.delete(row) }
            } label: {
                Label("Delete", systemImage: "trash")
            }
            .accessibilityIdentifier("tasks.swipe.delete")
        }
        .contextMenu {
            Button(role: .destructive) {
                Task { await model.delete(row) }
            } label: {
                Label("Delete", systemImage: "trash")
            }
            .accessibilityIdentifier("tasks.menu.delete")
        }
    }
}

/// Adds a task: a title, an optional due date (with a time or not) and a reminder from the menu.
struct NewTaskForm: View {
    let model: TasksModel
    /// Where the due date picker starts when it is turned on.
    let today: Date

    @State private var title = ""
    @State private var due: Date?
    @State private var dueIncludesTime = false
    @State private var reminder: ReminderChoice = .off

    var body: some View {
        TextField("Title", text: $title)
            .accessibilityIdentifier("tasks.newTitle")
        Toggle("Due date", isOn: Binding(get: { due != nil }, set: { on in due = on ? due ?? today : nil }))
            .accessibilityIdentifier("tasks.hasDue")
        if let picked = due {
            DatePicker(
                "Due",
                selection: Binding(get: { picked }, set: { due = $0 }),
                displayedComponents: dueIncludesTime ? [.date, .hourAndMinute] : [.date]
            )
            .accessibilityIdentifier("tasks.due")
            Toggle("At a time", isOn: $dueIncludesTime)
                .accessibilityIdentifier("tasks.dueHasTime")
        }
        Picker("Reminder", selection: $reminder) {
            ForEach(model.reminderChoices, id: \.self) { choice in
                Text(verbatim: choice.title).tag(choice)
            }
        }
        .accessibilityIdentifier("tasks.newReminder")
        Button("Add Task") {
            Task {
                await model.add(title: title, due: due, dueIncludesTime: dueIncludesTime, reminder: reminder)
                if model.message == nil {
                    title = ""
                    due = nil
                    dueIncludesTime = false
                    reminder = .off
                }
            }
        }
        .accessibilityIdentifier("tasks.add")
    }
}

/// The reminder of one task at a time the person picks (seed 001's "Set Reminder" sheet): on or off, the moment,
/// a test reminder; Save sets it, Cancel leaves it as it was.
struct TaskReminderPicker: View {
    let model: TasksModel
    let taskID: TaskID

    @Environment(\.dismiss) private var dismiss
    /// Whether the reminder is on; nil until the person flips it, when the task's own state shows.
    @State private var enabled: Bool?
    @State private var moment: Date

    init(model: TasksModel, taskID: TaskID, start: Date) {
        self.model = model
        self.taskID = taskID
        _moment = State(initialValue: start)
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    if let row {
                        Text(verbatim: row.title)
                            .font(.headline)
                    }
                    Toggle("Enable Reminder", isOn: Binding(get: { isOn }, set: { enabled = $0 }))
                        .accessibilityIdentifier("taskReminder.enable")
                    if isOn {
                        DatePicker("Remind me", selection: $moment, displayedComponents: [.date, .hourAndMinute])
                            .accessibilityIdentifier("taskReminder.date")
                    }
                }
                if let row {
                    Section {
                        Button("Test Reminder") {
                            Task { await model.testReminder(row) }
                        }
                        .accessibilityIdentifier("taskReminder.test")
                    }
                }
                if let message = model.message {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("taskReminder.message")
                }
            }
            .navigationTitle(Text("Set Reminder"))
            #if os(iOS)
                .navigationBarTitleDisplayMode(.inline)
            #endif
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                        .accessibilityIdentifier("taskReminder.cancel")
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") { save() }
                        .disabled(row == nil)
                        .accessibilityIdentifier("taskReminder.save")
                }
            }
        }
    }

    /// The task as the list shows it now.
    private var row: TaskRow? {
        model.rows.first { $0.id == taskID }
    }

    /// The toggle: as flipped, else on when the task has a reminder.
    private var isOn: Bool {
        enabled ?? (row?.reminder != nil)
    }

    private func save() {
        guard let row else { return }
        Task {
            if isOn {
                await model.remind(row, at: moment)
            } else {
                await model.remind(row, .off)
            }
            if model.message == nil { dismiss() }
        }
    }
}

#Preview("Tasks") {
    NavigationStack {
        TasksView(model: TasksModel(agent: PreviewRuntime.agent(.focusRunning)))
    }
}

#Preview("No tasks") {
    NavigationStack {
        TasksView(model: TasksModel(agent: PreviewRuntime.agent(.fresh)))
    }
}

#Preview("A task with a reminder") {
    let model = TasksModel(agent: PreviewRuntime.agent(.fresh))
    NavigationStack {
        TasksView(model: model)
    }
    .task { await model.add(title: "Send the invoice", reminder: .standard) }
}

#Preview("Set Reminder") {
    let model = TasksModel(agent: PreviewRuntime.agent(.fresh))
    TaskReminderPicker(model: model, taskID: TaskID(rawValue: 1), start: PreviewRuntime.now)
        .task { await model.add(title: "Send the invoice") }
}
