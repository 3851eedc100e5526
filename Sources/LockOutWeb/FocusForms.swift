import Foundation
import LockOutCore

/// The Focus page's session buttons and start form.
public enum FocusActionForm {
    /// The focus command a form sent, or what was wrong with it.
    public static func command(_ fields: [String: String]) -> Result<FocusCommand, FormRefusal> {
        func refuse(_ field: String, _ message: String) -> Result<FocusCommand, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: [field: message])))
        }
        switch fields["command"] {
        case "pause": return .success(.pause)
        case "resume": return .success(.resume)
        case "stop": return .success(.stop)
        case "skip": return .success(.skip)
        case "start":
            guard let mode = FocusMode(rawValue: fields["mode"] ?? "timer") else {
                return refuse("command", "There is no mode “\((fields["mode"] ?? "").prefix(40))”: choose timer, pomodoro, stopwatch or focus.")
            }
            let activity = fields["activity"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            guard mode == .timer else { return .success(.start(FocusStart(mode: mode, activity: activity))) }
            switch WebForm.integer(fields["minutes"], in: FocusSettings.startDurationRange, unit: "minutes") {
            case .success(let minutes): return .success(.start(FocusStart(mode: mode, durationMinutes: minutes, activity: activity)))
            case .failure(let error): return refuse("minutes", error.message)
            }
        case let other:
            return refuse("command", other.map { "“\($0.prefix(40))” is not something the Focus page can do." } ?? "The form named no action.")
        }
    }
}

/// The task list's forms: add (title, due, reminder), done and delete.
public enum TaskForm {
    public static func command(_ fields: [String: String], calendar: Calendar) -> Result<TaskCommand, FormRefusal> {
        func refuse(_ errors: [String: String]) -> Result<TaskCommand, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: errors)))
        }
        switch fields["command"] {
        case "add":
            var errors: [String: String] = [:]
            let title = (fields["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if title.isEmpty { errors["title"] = "Give the task a title." }
            var due: TaskDue?
            if let text = fields["due"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                do { due = try TaskInput.due(text) } catch { errors["due"] = WebForm.sentence(error.description) }
            }
            var reminder: ReminderChoice?
            let choice = fields["reminder"] ?? "off"
            if choice != "off" {
                do { reminder = try TaskInput.reminderChoice(choice, calendar: calendar) } catch { errors["reminder"] = WebForm.sentence(error.description) }
            }
            guard errors.isEmpty else { return refuse(errors) }
            return .success(.add(title: title, due: due, reminder: reminder))
        case "done", "delete":
            guard let id = fields["id"].flatMap({ try? TaskID(parsing: $0) }) else { return refuse(["command": "The form named no task."]) }
            return .success(fields["command"] == "done" ? .done(id) : .delete(id))
        case let other:
            return refuse(["command": other.map { "“\($0.prefix(40))” is not something the task list can do." } ?? "The form named no action."])
        }
    }
}

extension ActivityAction {
    /// What the Activities page's form asks for, or the field it refuses.
    public static func parse(_ fields: [String: String]) -> Result<ActivityAction, FormRefusal> {
        func refuse(_ field: String, _ message: String) -> Result<ActivityAction, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: [field: message])))
        }
        let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return refuse("name", "Give the activity a name.") }
        guard name.count <= 100 else { return refuse("name", "A name has at most 100 characters.") }
        switch fields["command"] {
        case "add":
            let collection = (fields["new-collection"] ?? "").trimmingCharacters(in: .whitespaces)
            return .success(.add(name: name, collection: collection.isEmpty ? nil : collection, notes: fields["notes"] ?? ""))
        case "pin": return .success(.pin(name, true))
        case "unpin": return .success(.pin(name, false))
        case "remove": return .success(.remove(name))
        case "notes": return .success(.notes(name, fields["notes"] ?? ""))
        default: return refuse("command", "The form named no action.")
        }
    }
}

extension WebForm {
    /// `text` with its first letter capitalized and a full stop: an engine's message as a sentence.
    public static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalized = first.uppercased() + text.dropFirst()
        return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
    }
}
