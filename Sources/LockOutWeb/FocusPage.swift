import Foundation
import LockOutCore

/// Focus: the session with its live ring and controls, a start form (mode, minutes, activity), and the
/// tasks with their reminders; activities and history on pages of their own.
public enum FocusPage {
    /// Everything the Focus page shows.
    public struct Model: Sendable {
        public let screen: FocusScreen
        public let activities: [Activity]
        public let tasks: [TaskRow]

        public init(screen: FocusScreen, activities: [Activity], tasks: [TaskRow]) {
            self.screen = screen
            self.activities = activities
            self.tasks = tasks
        }
    }

    public static func render(_ model: Model, form: FormState = .fresh, chrome: PageChrome) -> String {
        Layout.document(chrome) {
            subnav(current: WebPage.focus.path)
            element("section", ["class": "card hero", "aria-labelledby": "session-heading"]) {
                element("h2", ["id": "session-heading"]) { "Session" }
                session(model.screen, chrome: chrome)
            }
            if model.screen.state == "stopped" {
                startForm(model, form: form, chrome: chrome)
            }
            tasks(model.tasks, form: form, chrome: chrome)
        }
    }

    /// Links between the Focus pages.
    static func subnav(current: String) -> HTMLNode {
        element("nav", ["class": "range", "aria-label": "Focus"]) {
            element("ul") {
                for (path, title) in [("/focus", "Timer and tasks"), ("/focus/activities", "Activities"), ("/focus/history", "History")] {
                    element("li") { element("a", ["href": path, "aria-current": path == current ? "page" : nil]) { title } }
                }
            }
        }
    }

    private static func session(_ screen: FocusScreen, chrome: PageChrome) -> [HTMLNode] {
        guard let status = screen.status else {
            return [element("p", ["class": "headline"]) { "No session is running. Start one below." }]
        }
        var nodes: [HTMLNode] = [
            element("p", ["class": "label"]) {
                status.label + (status.activity.map { " · \($0)" } ?? "") + (screen.state == "paused" ? " · paused" : "")
            },
        ]
        let text = screen.remainingText ?? screen.elapsedText ?? "00:00"
        if screen.state == "running", let ends = status.endsAt, let remaining = status.remaining {
            let total = remaining + status.elapsed
            let circumference = 2 * Double.pi * 45
            let left = max(0, ends.timeIntervalSince(chrome.now))
            nodes.append(element("div", ["class": "ring focus-ring"]) {
                element("svg", ["viewBox": "0 0 100 100", "aria-hidden": "true"]) {
                    element("circle", ["class": "ring-track", "cx": "50", "cy": "50", "r": "45"])
                    element("circle", [
                        "class": "ring-fill", "cx": "50", "cy": "50", "r": "45", "transform": "rotate(-90 50 50)",
                        "stroke-dasharray": String(format: "%.2f", circumference),
                        "stroke-dashoffset": String(format: "%.2f", circumference * (1 - (total > 0 ? left / total : 0))),
                        "data-circumference": String(format: "%.2f", circumference), "data-total": String(Int(total * 1000)),
                    ])
                }
                Components.countdown(until: ends, text: text, chrome: chrome)
            })
        } else {
            nodes.append(element("p", ["class": "countdown"]) { text })
        }
        if let done = status.completedCycles, let total = status.totalCycles {
            nodes.append(element("p") { "Focus segments: \(done) of \(total)" })
        }
        nodes.append(Layout.form("/actions/focus", chrome, ["class": "actions"]) {
            if screen.state == "running" {
                Layout.button("Pause", name: "command", value: "pause", primary: true)
            } else {
                Layout.button("Resume", name: "command", value: "resume", primary: true)
            }
            if status.mode == .pomodoro { Layout.button("Skip segment", name: "command", value: "skip") }
            Layout.button("Stop", name: "command", value: "stop")
        })
        return nodes
    }

    private static func startForm(_ model: Model, form: FormState, chrome: PageChrome) -> HTMLNode {
        Layout.form("/actions/focus", chrome, ["class": "card", "novalidate": "", "aria-labelledby": "start-heading"]) {
            element("h2", ["id": "start-heading"]) { "Start a session" }
            element("div", ["class": "field"]) {
                element("label", ["for": "focus-mode"]) { "Mode" }
                element("select", ["id": "focus-mode", "name": "mode"]) {
                    for mode in FocusMode.allCases {
                        element("option", ["value": mode.rawValue, "selected": form.value("mode", stored: "timer") == mode.rawValue ? "" : nil]) {
                            mode.displayName + (mode.countsDown ? "" : " (counts up)")
                        }
                    }
                }
            }
            Layout.numberField(
                name: "minutes", label: "Minutes (timer and pomodoro)",
                field: StepperFieldValue(
                    minimum: FocusSettings.startDurationRange.lowerBound, maximum: FocusSettings.startDurationRange.upperBound,
                    value: form.value("minutes", stored: String(model.screen.settings.timerMinutes))
                ),
                unit: "minutes", error: form.errors["minutes"]
            )
            element("div", ["class": "field"]) {
                element("label", ["for": "focus-activity"]) { "Activity" }
                element("select", ["id": "focus-activity", "name": "activity"]) {
                    element("option", ["value": ""]) { "None" }
                    for activity in model.activities {
                        element("option", ["value": activity.name, "selected": form.value("activity", stored: "") == activity.name ? "" : nil]) {
                            (activity.isPinned ? "★ " : "") + activity.name
                        }
                    }
                }
            }
            if let error = form.errors["command"] { element("p", ["class": "field-error", "role": "alert"]) { error } }
            element("p", ["class": "actions"]) { Layout.button("Start", name: "command", value: "start", primary: true) }
        }
    }

    private static func tasks(_ tasks: [TaskRow], form: FormState, chrome: PageChrome) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "tasks-heading"]) {
            element("h2", ["id": "tasks-heading"]) { "Tasks" }
            if tasks.isEmpty {
                element("p", ["class": "hint"]) { "No tasks yet." }
            } else {
                element("ul", ["class": "tasks"]) {
                    for task in tasks {
                        element("li", ["class": task.isDone ? "done" : nil]) {
                            element("span", ["class": "task-title"]) {
                                task.title
                                if task.hasReminder {
                                    element("span", ["class": "bell", "role": "img", "aria-label": "reminder"]) { " 🔔" }
                                }
                            }
                            element("span", ["class": "hint"]) {
                                [task.due.map { "due \($0)" }, task.remindsAt.map { "reminds \($0)" }].compactMap { $0 }.joined(separator: " · ")
                            }
                            Layout.form("/actions/task", chrome, ["class": "inline"]) {
                                element("input", ["type": "hidden", "name": "id", "value": task.id.description])
                                if !task.isDone { Layout.button("Done", name: "command", value: "done", extra: ["aria-label": "Mark \(task.title) done"]) }
                                Layout.button("Delete", name: "command", value: "delete", extra: ["aria-label": "Delete \(task.title)"])
                            }
                        }
                    }
                }
            }
            Layout.form("/actions/task", chrome, ["novalidate": ""]) {
                element("h3") { "Add a task" }
                textField(name: "title", label: "Title", value: form.value("title", stored: ""), error: form.errors["title"])
                textField(name: "due", label: "Due (YYYY-MM-DD or YYYY-MM-DD HH:MM, optional)", value: form.value("due", stored: ""), error: form.errors["due"])
                element("div", ["class": "field"]) {
                    element("label", ["for": "reminder"]) { "Reminder" }
                    element("select", ["id": "reminder", "name": "reminder"]) {
                        for (value, label) in [("off", "None"), ("on", "Default"), ("1h-before", "1 hour before"), ("morning-of", "09:00 on the day"), ("day-before", "18:00 the day before")] {
                            element("option", ["value": value, "selected": form.value("reminder", stored: "off") == value ? "" : nil]) { label }
                        }
                    }
                    if let error = form.errors["reminder"] { element("p", ["class": "field-error", "id": "reminder-error"]) { error } }
                }
                element("p", ["class": "actions"]) { Layout.button("Add task", name: "command", value: "add", primary: true) }
            }
        }
    }

    /// A one-line text field with its label and, when refused, its message.
    static func textField(name: String, label: String, value: String, error: String?) -> HTMLNode {
        element("div", ["class": error == nil ? "field" : "field invalid"]) {
            element("label", ["for": name]) { label }
            element("input", [
                "id": name, "name": name, "type": "text", "value": value,
                "aria-invalid": error == nil ? nil : "true", "aria-describedby": error == nil ? nil : "\(name)-error",
            ])
            if let error { element("p", ["class": "field-error", "id": "\(name)-error"]) { error } }
        }
    }
}

/// Activities: accent- and case-insensitive search, collections, pins and notes.
public enum ActivitiesPage {
    public static func render(_ activities: [Activity], filter: ActivityFilter, collections: [String], form: FormState = .fresh, chrome: PageChrome) -> String {
        Layout.document(chrome) {
            FocusPage.subnav(current: "/focus/activities")
            element("form", ["method": "get", "action": "/focus/activities", "class": "card", "role": "search"]) {
                element("div", ["class": "field"]) {
                    element("label", ["for": "q"]) { "Search activities" }
                    element("input", ["id": "q", "name": "q", "type": "search", "value": filter.search ?? "", "data-live-search": ""])
                }
                element("div", ["class": "field"]) {
                    element("label", ["for": "collection"]) { "Collection" }
                    element("select", ["id": "collection", "name": "collection"]) {
                        element("option", ["value": ""]) { "All" }
                        for collection in collections {
                            element("option", ["value": collection, "selected": filter.collection == collection ? "" : nil]) { collection }
                        }
                    }
                }
                element("p", ["class": "actions"]) { element("button", ["type": "submit"]) { "Search" } }
            }
            element("section", ["class": "card", "aria-labelledby": "activities-heading"]) {
                element("h2", ["id": "activities-heading"]) { "\(activities.count) \(activities.count == 1 ? "activity" : "activities")" }
                element("ul", ["class": "tasks", "id": "activity-list"]) {
                    for activity in activities {
                        element("li", ["data-name": activity.name]) {
                            element("span", ["class": "task-title"]) { (activity.isPinned ? "★ " : "") + activity.name }
                            element("span", ["class": "hint"]) {
                                [activity.collection, activity.notes.isEmpty ? nil : activity.notes].compactMap { $0 }.joined(separator: " · ")
                            }
                            Layout.form("/actions/activity", chrome, ["class": "inline"]) {
                                element("input", ["type": "hidden", "name": "name", "value": activity.name])
                                Layout.button(activity.isPinned ? "Unpin" : "Pin", name: "command", value: activity.isPinned ? "unpin" : "pin",
                                              extra: ["aria-label": "\(activity.isPinned ? "Unpin" : "Pin") \(activity.name)"])
                                Layout.button("Remove", name: "command", value: "remove", extra: ["aria-label": "Remove \(activity.name)"])
                            }
                            element("details", ["class": "notes"]) {
                                element("summary") { "Notes" }
                                Layout.form("/actions/activity", chrome) {
                                    element("input", ["type": "hidden", "name": "name", "value": activity.name])
                                    element("label", ["for": "notes-\(activity.id)"]) { "Notes on \(activity.name)" }
                                    element("textarea", ["id": "notes-\(activity.id)", "name": "notes", "rows": "2"]) { activity.notes }
                                    Layout.button("Save notes", name: "command", value: "notes")
                                }
                            }
                        }
                    }
                }
            }
            Layout.form("/actions/activity", chrome, ["class": "card", "novalidate": ""]) {
                element("h2") { "Add an activity" }
                FocusPage.textField(name: "name", label: "Name", value: form.value("name", stored: ""), error: form.errors["name"])
                FocusPage.textField(name: "new-collection", label: "Collection (optional)", value: form.value("new-collection", stored: ""), error: nil)
                FocusPage.textField(name: "notes", label: "Notes (optional)", value: form.value("notes", stored: ""), error: nil)
                element("p", ["class": "actions"]) { Layout.button("Add activity", name: "command", value: "add", primary: true) }
            }
        }
    }
}

/// History: focus sessions, filtered by activity and dates, each with a detail page.
public enum FocusHistoryPage {
    public static func render(
        _ sessions: [FocusSessionDetail], activities: [Activity], activity: String?, from: String?, to: String?, chrome: PageChrome
    ) -> String {
        Layout.document(chrome) {
            FocusPage.subnav(current: "/focus/history")
            element("form", ["method": "get", "action": "/focus/history", "class": "card"]) {
                element("div", ["class": "field"]) {
                    element("label", ["for": "activity"]) { "Activity" }
                    element("select", ["id": "activity", "name": "activity"]) {
                        element("option", ["value": ""]) { "All" }
                        for item in activities {
                            element("option", ["value": item.name, "selected": activity == item.name ? "" : nil]) { item.name }
                        }
                    }
                }
                element("div", ["class": "field"]) {
                    element("label", ["for": "from"]) { "From" }
                    element("input", ["id": "from", "name": "from", "type": "date", "value": from ?? ""])
                }
                element("div", ["class": "field"]) {
                    element("label", ["for": "to"]) { "To" }
                    element("input", ["id": "to", "name": "to", "type": "date", "value": to ?? ""])
                }
                element("p", ["class": "actions"]) { element("button", ["type": "submit"]) { "Filter" } }
            }
            element("section", ["class": "card", "aria-labelledby": "history-heading"]) {
                element("h2", ["id": "history-heading"]) { "\(sessions.count) session\(sessions.count == 1 ? "" : "s")" }
                if !sessions.isEmpty {
                    element("table", ["class": "numbers"]) {
                        element("thead") {
                            element("tr") {
                                for title in ["Started", "Activity", "Mode", "Time", "Outcome"] { element("th", ["scope": "col"]) { title } }
                            }
                        }
                        element("tbody") {
                            for session in sessions {
                                element("tr") {
                                    element("th", ["scope": "row"]) {
                                        element("a", ["href": "/focus/history/\(session.id)"]) { session.startedAt }
                                    }
                                    element("td") { session.activity }
                                    element("td") { session.mode }
                                    element("td") { session.actual }
                                    element("td") { session.outcome }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One session in full.
    public static func detail(_ session: FocusSessionDetail, chrome: PageChrome) -> String {
        Layout.document(chrome) {
            FocusPage.subnav(current: "/focus/history")
            element("section", ["class": "card", "aria-labelledby": "detail-heading"]) {
                element("h2", ["id": "detail-heading"]) { "\(session.activity), \(session.startedAt)" }
                element("dl", ["class": "figures"]) {
                    for (title, value) in [("Mode", session.mode), ("Segment", session.segment), ("Planned", session.planned),
                                           ("Actual", session.actual), ("Started", session.startedAt), ("Ended", session.endedAt), ("Outcome", session.outcome)] {
                        element("div") {
                            element("dt") { title }
                            element("dd", ["class": "small"]) { value }
                        }
                    }
                }
                element("p") { element("a", ["href": "/focus/history"]) { "Back to the history" } }
            }
        }
    }
}
