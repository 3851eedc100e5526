import LockOutCore
import LockOutPresentation
import SwiftUI

/// The Schedule screen (seed 000): a section per break kind with its switch and the interval and duration
/// steppers, whose ranges come with the model's fields, then the weekly working-hours editor.
///
/// A stepper's value is the runtime's: a change goes to the model, which reschedules and reads the settings back;
/// a value the engine refuses leaves the stepper where it was and shows the engine's words.
struct ScheduleView: View {
    let model: ScheduleModel

    var body: some View {
        Form {
            ForEach(model.sections, id: \.kind) { section in
                Section {
                    Toggle(isOn: enabled(section)) {
                        Text("Enabled")
                    }
                    .accessibilityIdentifier("schedule.\(section.kind.rawValue).enabled")
                    Stepper(value: interval(section), in: section.interval.range) {
                        StepperFieldLabel(field: section.interval)
                    }
                    .accessibilityIdentifier("schedule.\(section.kind.rawValue).interval")
                    Stepper(value: duration(section), in: section.duration.range) {
                        StepperFieldLabel(field: section.duration)
                    }
                    .accessibilityIdentifier("schedule.\(section.kind.rawValue).duration")
                } header: {
                    Text(verbatim: section.title)
                }
            }

            Section {
                ForEach(model.days) { day in
                    Toggle(isOn: workingDay(day)) {
                        Text(verbatim: day.name)
                    }
                    .accessibilityIdentifier("schedule.workingDay.\(day.weekday)")
                    if day.isWorkingDay {
                        Stepper(value: start(day), step: 15) {
                            LabeledContent {
                                Text(verbatim: day.start).monospacedDigit()
                            } label: {
                                Text("Starts")
                            }
                        }
                        .accessibilityIdentifier("schedule.workingDay.\(day.weekday).start")
                        Stepper(value: end(day), step: 15) {
                            LabeledContent {
                                Text(verbatim: day.end).monospacedDigit()
                            } label: {
                                Text("Ends")
                            }
                        }
                        .accessibilityIdentifier("schedule.workingDay.\(day.weekday).end")
                    }
                }
                Button(String(localized: "Breaks at any time")) {
                    Task { await model.clearWorkingHours() }
                }
                .disabled(model.workingHours?.hours == nil)
                .accessibilityIdentifier("schedule.workingHours.clear")
            } header: {
                Text("Working hours")
            } footer: {
                Text("With working days set, breaks fall due only inside their hours; with none, at any time.")
            }

            if let message = model.message {
                Section {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("schedule.message")
                }
            }
        }
        .formStyle(.grouped)
        .navigationTitle(String(localized: "Schedule"))
        .task { await model.refresh() }
    }

    private func enabled(_ section: ScheduleScreen.Section) -> Binding<Bool> {
        Binding(
            get: { section.enabled },
            set: { isOn in Task { await model.setEnabled(section.kind, isOn) } }
        )
    }

    private func interval(_ section: ScheduleScreen.Section) -> Binding<Int> {
        Binding(
            get: { section.interval.value },
            set: { minutes in Task { await model.setInterval(section.kind, minutes: minutes) } }
        )
    }

    private func duration(_ section: ScheduleScreen.Section) -> Binding<Int> {
        Binding(
            get: { section.duration.value },
            set: { seconds in Task { await model.setDuration(section.kind, seconds: seconds) } }
        )
    }

    private func workingDay(_ day: WorkingHoursEditor.Day) -> Binding<Bool> {
        Binding(
            get: { day.isWorkingDay },
            set: { isOn in Task { await model.setWorkingDay(day.weekday, isOn) } }
        )
    }

    private func start(_ day: WorkingHoursEditor.Day) -> Binding<Int> {
        Binding(
            get: { day.startMinute },
            set: { minute in Task { await model.setHours(day.weekday, startMinute: minute, endMinute: day.endMinute) } }
        )
    }

    private func end(_ day: WorkingHoursEditor.Day) -> Binding<Int> {
        Binding(
            get: { day.endMinute },
            set: { minute in Task { await model.setHours(day.weekday, startMinute: day.startMinute, endMinute: minute) } }
        )
    }
}

/// A stepper's row: its title and its value with the unit, as Core words them ("Interval", "20 min"); the
/// Settings screen's steppers use it too.
struct StepperFieldLabel: View {
    let field: StepperField

    var body: some View {
        LabeledContent {
            HStack(spacing: 4) {
                Text(verbatim: String(field.value)).monospacedDigit()
                Text(verbatim: field.unit)
            }
        } label: {
            Text(verbatim: field.title)
        }
    }
}

#Preview("Schedule") {
    NavigationStack {
        ScheduleView(model: ScheduleModel(agent: PreviewRuntime.agent(.running)))
    }
}

#Preview("Fresh settings") {
    NavigationStack {
        ScheduleView(model: ScheduleModel(agent: PreviewRuntime.agent(.fresh)))
    }
}
