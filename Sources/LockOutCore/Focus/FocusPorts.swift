import Foundation

/// Where activities are kept. Names are unique without regard to case; every method that names
/// an activity finds it the same way.
public protocol ActivityStore: Sendable {
    /// Adds `activity`; throws `.duplicateActivity` when its name is taken and nothing is stored.
    func add(_ activity: Activity) throws
    /// Renames the activity called `name`; throws `.unknownActivity` or `.duplicateActivity`.
    func rename(_ name: String, to newName: String) throws
    /// Pins or unpins the activity called `name`; throws `.unknownActivity`.
    func setPinned(_ pinned: Bool, name: String) throws
    /// Replaces the notes of the activity called `name`; throws `.unknownActivity`.
    func setNotes(_ notes: String, name: String) throws
    /// Deletes the activity called `name` and returns it; throws `.unknownActivity`.
    @discardableResult
    func remove(_ name: String) throws -> Activity
    /// The activity called `name`, ignoring case, or nil.
    func activity(named name: String) throws -> Activity?
    /// Every activity, in ``ActivityListing`` order.
    func all() throws -> [Activity]
}

/// Where tasks and their reminder choices are kept.
public protocol TaskStore: Sendable {
    /// Stores a new task under the next free id and returns it; throws `.emptyTaskTitle`.
    func add(title: String, due: TaskDue?, reminder: ReminderPreset?) throws -> TaskItem
    /// Replaces the stored task with the same id; throws `.unknownTask` or `.emptyTaskTitle`.
    func update(_ task: TaskItem) throws
    /// Deletes the task and returns it; throws `.unknownTask`.
    @discardableResult
    func remove(_ id: TaskID) throws -> TaskItem
    /// The task with `id`, or nil.
    func task(_ id: TaskID) throws -> TaskItem?
    /// Every task, by id.
    func all() throws -> [TaskItem]
}

/// What was wrong with a request about activities, tasks, reminders or history; each message says what is allowed.
public enum FocusDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name was empty or only whitespace.
    case emptyActivityName
    /// The name has more characters than allowed.
    case activityNameTooLong(length: Int, allowed: ClosedRange<Int>)
    /// Another activity already has this name, ignoring case.
    case duplicateActivity(String)
    /// No activity has this name.
    case unknownActivity(String)
    /// The title was empty or only whitespace.
    case emptyTaskTitle
    /// No task has this id.
    case unknownTask(TaskID)
    /// The text is not a task id.
    case malformedTaskID(String)
    /// The text is neither `YYYY-MM-DD` nor `YYYY-MM-DD HH:MM`.
    case malformedDue(String)
    /// The text is not `YYYY-MM-DD`.
    case malformedDate(String)
    /// The text is not a reminder choice.
    case malformedReminder(String)
    /// The preset counts from a due date the task does not have.
    case reminderNeedsDueDate(ReminderPreset)
    /// The reminder, as typed (`on`, `1h-before`, `2026-11-23 18:30`), would fire at `moment`
    /// (`YYYY-MM-DD HH:MM`), which has passed.
    case reminderInPast(choice: String, moment: String)
    /// The range starts after it ends.
    case invalidDateRange(from: LocalDate, to: LocalDate)
    /// No focus session has this id, or the text is no id.
    case unknownSession(String)

    /// A message that says what was wrong and what is allowed.
    public var description: String {
        switch self {
        case .emptyActivityName:
            "an activity needs a name: use 1 to \(ActivityName.allowedLength.upperBound) characters"
        case .activityNameTooLong(let length, let allowed):
            "an activity name of \(length) characters is too long: allowed \(allowed.lowerBound)...\(allowed.upperBound)"
        case .duplicateActivity(let name):
            "an activity named '\(name)' already exists (names ignore case): choose another name"
        case .unknownActivity(let name):
            "no activity named '\(name)': see 'lockout activity list' or add it with 'lockout activity add'"
        case .emptyTaskTitle:
            "a task needs a title: use some text that is not only spaces"
        case .unknownTask(let id):
            "no task with id \(id): see 'lockout task list'"
        case .malformedTaskID(let text):
            "'\(text)' is not a task id: use the number shown by 'lockout task list'"
        case .malformedDue(let text):
            "malformed due date '\(text)': use YYYY-MM-DD or YYYY-MM-DD HH:MM (local time)"
        case .malformedDate(let text):
            "malformed date '\(text)': use YYYY-MM-DD"
        case .malformedReminder(let text):
            "unknown reminder '\(text)': use off, on, \(ReminderPreset.presetNames.joined(separator: ", ")) or YYYY-MM-DD HH:MM"
        case .reminderNeedsDueDate(let preset):
            "the reminder \(preset.name) needs a due date and the task has none: use on (one hour from now) "
                + "or YYYY-MM-DD HH:MM, or add the task with --due YYYY-MM-DD"
        case .reminderInPast(let choice, let moment) where choice == moment:
            "the reminder at \(moment) has passed: choose a later time, a preset or off"
        case .reminderInPast(let choice, let moment):
            "the reminder \(choice) would fire at \(moment), which has passed: choose a later time, another preset or off"
        case .invalidDateRange(let from, let to):
            "--from \(from) is after --to \(to): use a from date on or before the to date"
        case .unknownSession(let id):
            "no focus session with id \(id): see 'lockout history'"
        }
    }
}

/// Where the focus engine keeps its state between runs.
public protocol FocusRecordStore: Sendable {
    /// The saved record; nil when none was saved, or when the stored one can't be read (the engine then starts stopped).
    func load() throws -> FocusRecord?
    /// Replaces the saved record.
    func save(_ record: FocusRecord) throws
}

/// Where the person's focus settings are kept.
public protocol FocusSettingsStore: Sendable {
    /// The saved settings, or the defaults when none were saved.
    func load() throws -> FocusSettings
    /// Stores settings; they are validated first and nothing is written when they are invalid.
    func save(_ settings: FocusSettings) throws
}
