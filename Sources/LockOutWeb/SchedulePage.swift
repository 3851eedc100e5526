import Foundation
import LockOutCore

/// The Schedule: per kind a switch, the interval (1–120 min) and the duration (5–3600 s) as steppers,
/// and the working hours of each weekday. One form, saved whole or not at all.
public enum SchedulePage {
    /// The page for `screen`; `form` is a refused submission to show again with its messages.
    public static func render(_ screen: ScheduleScreen, form: FormState = .fresh, chrome: PageChrome) -> String {
        Layout.document(chrome) {
            Layout.form(WebPage.schedule.path, chrome, ["novalidate": ""]) {
                for section in screen.sections {
                    let kind = section.kind.rawValue
                    element("fieldset", ["class": "card"]) {
                        element("legend") { section.title }
                        Layout.checkbox(name: "\(kind)-enabled", label: "\(section.title) on", checked: form.isChecked("\(kind)-enabled", stored: section.enabled))
                        stepper(section.interval, name: "\(kind)-interval", unit: "minutes", form: form)
                        stepper(section.duration, name: "\(kind)-duration", unit: "seconds", form: form)
                    }
                }
                element("fieldset", ["class": "card"]) {
                    element("legend") { "Working hours" }
                    element("p", ["class": "hint"]) { "Breaks fall due only inside the hours of a ticked day. With no day ticked, they run all day, every day." }
                    element("table", ["class": "hours"]) {
                        element("thead") {
                            element("tr") {
                                element("th", ["scope": "col"]) { "Day" }
                                element("th", ["scope": "col"]) { "From" }
                                element("th", ["scope": "col"]) { "To" }
                            }
                        }
                        element("tbody") {
                            for day in screen.weekdays { weekdayRow(day, form: form) }
                        }
                    }
                }
                element("p", ["class": "actions"]) {
                    Layout.button("Save schedule", name: "save", value: "schedule", primary: true)
                }
            }
        }
    }

    private static func stepper(_ field: StepperField, name: String, unit: String, form: FormState) -> HTMLNode {
        Layout.numberField(
            name: name, label: field.title,
            field: StepperFieldValue(minimum: field.minimum, maximum: field.maximum, value: form.value(name, stored: String(field.value))),
            unit: unit, error: form.errors[name]
        )
    }

    private static func weekdayRow(_ day: ScheduleScreen.WeekdayRow, form: FormState) -> HTMLNode {
        let prefix = "hours-\(day.weekday)"
        return element("tr") {
            element("th", ["scope": "row"]) {
                Layout.checkbox(name: "\(prefix)-on", label: day.name, checked: form.isChecked("\(prefix)-on", stored: day.isWorkingDay))
            }
            for (end, stored, label) in [("start", day.start, "from"), ("end", day.end, "to")] {
                let name = "\(prefix)-\(end)"
                let error = form.errors[name]
                element("td", ["class": error == nil ? nil : "invalid"]) {
                    element("input", [
                        "id": name, "name": name, "type": "time", "value": form.value(name, stored: stored),
                        "aria-label": "\(day.name) \(label)", "aria-invalid": error == nil ? nil : "true",
                        "aria-describedby": error == nil ? nil : "\(name)-error",
                    ])
                    if let error { element("p", ["class": "field-error", "id": "\(name)-error"]) { error } }
                }
            }
        }
    }
}

/// Settings: how long a snooze lasts and how long history is kept; the exceptions (programs that hold breaks
/// back, media playing counting as present); whether notifications reach the desktop (with a test); family
/// sync's state with Sync Now once the device is in a family.
public enum SettingsPage {
    /// What the Settings page shows besides the break settings.
    public struct Extras: Sendable {
        /// Where notifications go.
        public let notifications: NotificationState
        /// Family sync's state; nil when the device is not in a family.
        public let sync: FamilySyncStatus?
        /// The chosen programs and the media setting; nil where the agent does not keep them.
        public let exceptions: Exceptions?

        public init(notifications: NotificationState, sync: FamilySyncStatus?, exceptions: Exceptions? = nil) {
            self.notifications = notifications
            self.sync = sync
            self.exceptions = exceptions
        }

        /// Where the agent's notifications go.
        public enum NotificationState: Sendable, Equatable {
            /// To the desktop's notification service of this name.
            case service(String)
            /// To the terminal for now: a session bus, but no notification service answers.
            case noService
            /// To the terminal the agent runs in: there is no session bus.
            case terminal

            var text: String {
                switch self {
                case .service(let name):
                    "Breaks and alarms are shown by the desktop's notification service, \(name), with their buttons."
                case .noService:
                    "No notification service answers on this desktop: breaks and alarms go to the terminal the agent runs in, and to the desktop as soon as a service starts."
                case .terminal:
                    "There is no desktop session bus: breaks and alarms are written, with a bell, to the terminal the agent runs in."
                }
            }
        }
    }

    public static func render(
        _ screen: SettingsScreen, extras: Extras, form: FormState = .fresh, exceptionsForm: FormState = .fresh,
        chrome: PageChrome, calendar: Calendar
    ) -> String {
        Layout.document(chrome) {
            Layout.form(WebPage.settings.path, chrome, ["class": "card", "novalidate": ""]) {
                element("h2") { "Breaks" }
                for (field, name, unit) in [(screen.snooze, "snooze", "minutes"), (screen.retention, "retention", "days")] {
                    Layout.numberField(
                        name: name, label: field.title,
                        field: StepperFieldValue(minimum: field.minimum, maximum: field.maximum, value: form.value(name, stored: String(field.value))),
                        unit: unit, error: form.errors[name]
                    )
                }
                element("p", ["class": "actions"]) { Layout.button("Save settings", name: "save", value: "settings", primary: true) }
            }
            if let exceptions = extras.exceptions {
                ExceptionsSection.render(exceptions, form: exceptionsForm, chrome: chrome)
            }
            element("section", ["class": "card", "aria-labelledby": "notifications-heading"]) {
                element("h2", ["id": "notifications-heading"]) { "Notifications" }
                element("p") { extras.notifications.text }
                Layout.form("/actions/test-notification", chrome) {
                    Layout.button("Send a test notification", name: "test", value: "notification")
                }
            }
            if let sync = extras.sync, let family = sync.family, let server = sync.server {
                element("section", ["class": "card", "aria-labelledby": "sync-heading"]) {
                    element("h2", ["id": "sync-heading"]) { "Family sync" }
                    element("dl", ["class": "figures"]) {
                        for (title, value) in syncRows(sync, family: family, server: server, now: chrome.now, calendar: calendar) {
                            element("div") {
                                element("dt") { title }
                                element("dd", ["class": "small"]) { value }
                            }
                        }
                    }
                    Layout.form("/actions/sync", chrome) {
                        Layout.button("Sync now", name: "sync", value: "now")
                    }
                }
            }
        }
    }

    private static func syncRows(
        _ sync: FamilySyncStatus, family: FamilyID, server: URL, now: Date, calendar: Calendar
    ) -> [(String, String)] {
        let state = switch sync.activity {
        case .error(let reason): "Error — \(reason)" + (sync.nextAttempt.map { ", tries again at \(LocalTimeText.text($0, now: now, calendar: calendar))" } ?? "")
        case .syncing: "Syncing"
        case .idle, .synced: sync.queued > 0 ? "Waiting to sync" : "Up to date"
        }
        return [
            ("Server", server.absoluteString),
            ("State", state),
            ("Last sync", sync.lastSync.map { LocalTimeText.text($0, now: now, calendar: calendar) } ?? "never"),
            ("Queued", String(sync.queued)),
            ("Failed", String(sync.failed)),
        ]
    }
}
