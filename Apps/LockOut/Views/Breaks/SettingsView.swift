import LockOutCore
import LockOutPresentation
import SwiftUI

/// The Settings screen (seed 000): the snooze length and how long history is kept as steppers within the
/// engine's ranges, whether notifications may show and whether breaks ring as alarms, each with the button that
/// asks for it, and, when the app has a family service, the sync status with Sync Now.
struct SettingsView: View {
    let model: SettingsModel

    var body: some View {
        Form {
            if let screen = model.screen {
                Section {
                    Stepper(value: snooze(screen.snooze), in: screen.snooze.range) {
                        StepperFieldLabel(field: screen.snooze)
                    }
                    .accessibilityIdentifier("settings.snooze")
                    Stepper(value: retention(screen.retention), in: screen.retention.range) {
                        StepperFieldLabel(field: screen.retention)
                    }
                    .accessibilityIdentifier("settings.retention")
                } header: {
                    Text("Breaks")
                }
            }

            Section {
                if let permission = model.notifications {
                    Text(verbatim: permission.text)
                        .accessibilityIdentifier("settings.notifications")
                }
                if model.canRequestNotifications {
                    Button {
                        Task { await model.requestNotificationPermission() }
                    } label: {
                        Text(verbatim: NotificationPermission.requestTitle)
                    }
                    .accessibilityIdentifier("settings.requestNotifications")
                }
            } header: {
                Text("Notifications")
            }

            Section {
                if let alarms = model.alarms {
                    Text(verbatim: alarms.text)
                        .accessibilityIdentifier("settings.alarms")
                }
                if model.canRequestAlarms {
                    Button {
                        Task { await model.requestAlarmAuthorization() }
                    } label: {
                        Text(verbatim: AlarmAuthorization.requestTitle)
                    }
                    .accessibilityIdentifier("settings.requestAlarms")
                }
            } header: {
                Text("Alarms")
            }

            if model.showsSync {
                Section {
                    if let sync = model.sync {
                        Text(verbatim: sync.state)
                            .accessibilityIdentifier("settings.sync.state")
                        ForEach(sync.rows, id: \.title) { row in
                            LabeledContent {
                                Text(verbatim: row.value)
                            } label: {
                                Text(verbatim: row.title)
                            }
                        }
                    }
                    Button(String(localized: "Sync Now")) {
                        Task { await model.syncNow() }
                    }
                    .disabled(model.sync?.canSyncNow != true)
                    .accessibilityIdentifier("settings.syncNow")
                    if let outcome = model.syncOutcome {
                        Text(verbatim: outcome)
                            .foregroundStyle(.secondary)
                            .accessibilityIdentifier("settings.sync.outcome")
                    }
                } header: {
                    Text("Family sync")
                }
            }

            if let message = model.message {
                Section {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("settings.message")
                }
            }
        }
        .formStyle(.grouped)
        .navigationTitle(String(localized: "Settings"))
        .task { await model.refresh() }
    }

    private func snooze(_ field: StepperField) -> Binding<Int> {
        Binding(
            get: { field.value },
            set: { minutes in Task { await model.setSnooze(minutes: minutes) } }
        )
    }

    private func retention(_ field: StepperField) -> Binding<Int> {
        Binding(
            get: { field.value },
            set: { days in Task { await model.setRetention(days: days) } }
        )
    }
}

#Preview("Permission not asked") {
    NavigationStack {
        SettingsView(
            model: SettingsModel(
                agent: PreviewRuntime.agent(.running),
                family: nil,
                permissions: PreviewRuntime.permissions(granted: false)
            )
        )
    }
}

#Preview("In a family") {
    NavigationStack {
        SettingsView(
            model: SettingsModel(
                agent: PreviewRuntime.agent(.running),
                family: PreviewRuntime.family(),
                permissions: PreviewRuntime.permissions()
            )
        )
    }
}
