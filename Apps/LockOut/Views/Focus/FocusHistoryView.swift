import Foundation
import LockOutCore
import LockOutPresentation
import SwiftUI

/// The focus history (seed 001): filters by activity, mode and a range of days, the statistics of what they
/// select, and the sessions, newest first; tapping one shows its detail.
struct FocusHistoryView: View {
    let model: FocusHistoryModel

    var body: some View {
        // The day pickers start at today; the timeline supplies it, once a minute.
        TimelineView(.everyMinute) { context in
            List {
                Section {
                    FocusHistoryFilters(model: model, today: context.date)
                } header: {
                    Text("Filter")
                }
                Section {
                    FocusHistoryStats(stats: model.stats)
                } header: {
                    Text("Statistics")
                }
                Section {
                    FocusHistorySessions(model: model)
                } header: {
                    Text("Sessions")
                }
            }
        }
        .navigationTitle(Text("History"))
        .sheet(isPresented: Binding(get: { model.detail != nil }, set: { shown in if !shown { model.closeDetail() } })) {
            FocusSessionDetailView(model: model)
        }
        .task { await model.refresh() }
    }
}

/// The activity, mode and day filters; a range that ends before it starts is refused in the engine's words.
struct FocusHistoryFilters: View {
    let model: FocusHistoryModel
    /// Where a day picker starts when it is turned on.
    let today: Date

    @State private var firstDay: Date?
    @State private var lastDay: Date?

    var body: some View {
        Picker(
            "Activity",
            selection: Binding(get: { model.activity }, set: { activity in Task { await model.filter(activity: activity) } })
        ) {
            Text("All activities").tag(String?.none)
            ForEach(model.activities) { activity in
                Text(verbatim: activity.name).tag(Optional(activity.name))
            }
        }
        .accessibilityIdentifier("history.activity")

        Picker("Mode", selection: Binding(get: { model.mode }, set: { mode in Task { await model.filter(mode: mode) } })) {
            Text("All modes").tag(FocusMode?.none)
            ForEach(model.modes, id: \.self) { mode in
                Text(verbatim: mode.displayName).tag(Optional(mode))
            }
        }
        .accessibilityIdentifier("history.mode")

        Toggle(
            "From a day",
            isOn: Binding(get: { model.from != nil }, set: { on in apply(first: on ? firstDay ?? today : nil, last: lastDay) })
        )
        .accessibilityIdentifier("history.fromToggle")
        if model.from != nil {
            DatePicker(
                "First day",
                selection: Binding(get: { firstDay ?? today }, set: { apply(first: $0, last: lastDay) }),
                displayedComponents: .date
            )
            .accessibilityIdentifier("history.from")
        }

        Toggle(
            "Up to a day",
            isOn: Binding(get: { model.to != nil }, set: { on in apply(first: firstDay, last: on ? lastDay ?? today : nil) })
        )
        .accessibilityIdentifier("history.toToggle")
        if model.to != nil {
            DatePicker(
                "Last day",
                selection: Binding(get: { lastDay ?? today }, set: { apply(first: firstDay, last: $0) }),
                displayedComponents: .date
            )
            .accessibilityIdentifier("history.to")
        }

        if let message = model.message {
            Text(verbatim: message.text)
                .foregroundStyle(.red)
                .accessibilityIdentifier("history.message")
        }
    }

    /// Filters by the days picked; the model reads them as local days.
    private func apply(first: Date?, last: Date?) {
        firstDay = first
        lastDay = last
        Task { await model.filter(from: first, to: last) }
    }
}

/// Focus time, sessions and the average length of what the filters select, then each activity's share.
struct FocusHistoryStats: View {
    let stats: FocusStatsScreen

    var body: some View {
        LabeledContent {
            Text(verbatim: stats.focusTime)
        } label: {
            Text("Focus time")
        }
        LabeledContent {
            Text(verbatim: stats.sessions)
        } label: {
            Text("Sessions")
        }
        LabeledContent {
            Text(verbatim: stats.averageLength)
        } label: {
            Text("Average session")
        }
        ForEach(stats.byActivity, id: \.self) { row in
            LabeledContent {
                Text(verbatim: "\(row.focusTime) · \(row.sessions)")
            } label: {
                Text(verbatim: row.activity)
            }
        }
    }
}

/// The sessions the filters select, newest first; each opens its detail.
struct FocusHistorySessions: View {
    let model: FocusHistoryModel

    var body: some View {
        if model.sessions.isEmpty {
            Text("No sessions")
                .foregroundStyle(.secondary)
        }
        ForEach(model.sessions, id: \.id) { session in
            Button {
                Task { await model.show(session.id) }
            } label: {
                VStack(alignment: .leading, spacing: 2) {
                    HStack {
                        Text(verbatim: session.activity)
                            .font(.headline)
                        Spacer()
                        Text(verbatim: session.actual)
                            .monospacedDigit()
                    }
                    Text(verbatim: "\(session.mode) · \(session.segment) · \(session.outcome)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    Text(verbatim: session.startedAt)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityIdentifier("history.session.\(session.id)")
        }
    }
}

#Preview("History") {
    NavigationStack {
        FocusHistoryView(model: FocusHistoryModel(agent: PreviewRuntime.agent(.focusRunning)))
    }
}

#Preview("No sessions") {
    NavigationStack {
        FocusHistoryView(model: FocusHistoryModel(agent: PreviewRuntime.agent(.fresh)))
    }
}

#Preview("Pomodoro only") {
    let model = FocusHistoryModel(agent: PreviewRuntime.agent(.focusRunning))
    NavigationStack {
        FocusHistoryView(model: model)
    }
    .task { await model.filter(mode: .pomodoro) }
}

#Preview("A session's detail") {
    let model = FocusHistoryModel(agent: PreviewRuntime.agent(.focusRunning))
    NavigationStack {
        FocusHistoryView(model: model)
    }
    .task {
        await model.refresh()
        if let first = model.sessions.first { await model.show(first.id) }
    }
}
