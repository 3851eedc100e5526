import LockOutCore
import LockOutPresentation
import SwiftUI

/// The focus timer page (seed 001): the mode picker, the clock, the pomodoro's segment and round, the minutes,
/// the activity the session is tagged with, and the buttons the engine accepts now.
///
/// A wide window (an iPad, a Mac) shows the activities on the left and the timer on the right, a narrow one
/// everything in one column; which is the model's `layout`, from the width class this view reports.
struct FocusTimerView: View {
    let model: FocusTimerModel

    #if os(iOS)
        @Environment(\.horizontalSizeClass) private var sizeClass
    #endif

    var body: some View {
        Group {
            if model.showsTwoColumns {
                HStack(alignment: .top, spacing: 0) {
                    FocusActivityTagList(model: model)
                        .frame(minWidth: 240, idealWidth: 300, maxWidth: 360)
                    Divider()
                    ScrollView {
                        FocusTimerPanel(model: model, showsActivityPicker: false)
                            .padding(24)
                    }
                }
            } else {
                ScrollView {
                    FocusTimerPanel(model: model, showsActivityPicker: true)
                        .padding(16)
                }
            }
        }
        .navigationTitle(Text("Focus"))
        .task { await model.refresh() }
        .task(id: model.isRunning) {
            // The model reads the clock again every second while a session runs (its refresh's contract).
            guard model.isRunning else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                await model.refresh()
            }
        }
        .onChange(of: widthClass, initial: true) { _, width in
            model.width = width
        }
    }

    /// The window's width as Core classes it: the horizontal size class on iPhone and iPad; a Mac window is regular.
    private var widthClass: WidthClass {
        #if os(iOS)
            return sizeClass == .regular ? .regular : .compact
        #else
            return .regular
        #endif
    }
}

/// The timer column: mode, clock, pomodoro place, minutes, activity tag (in one column) and the controls.
struct FocusTimerPanel: View {
    let model: FocusTimerModel
    /// Whether the activity tag is picked here (one column) rather than in the list beside (two columns).
    let showsActivityPicker: Bool

    var body: some View {
        VStack(spacing: 24) {
            Picker("Mode", selection: Binding(get: { model.mode }, set: { model.choose($0) })) {
                ForEach(model.modes, id: \.self) { mode in
                    Text(verbatim: mode.displayName).tag(mode)
                }
            }
            .pickerStyle(.segmented)
            .disabled(sessionShows)
            .accessibilityIdentifier("focusTimer.mode")

            FocusClock(model: model)

            if let range = model.minutesRange, let minutes = model.minutes, !sessionShows {
                Stepper(value: Binding(get: { minutes }, set: { model.pick(minutes: $0) }), in: range) {
                    Text("\(minutes) min")
                }
                .accessibilityIdentifier("focusTimer.minutes")
            }

            if showsActivityPicker {
                Picker("Activity", selection: Binding(get: { model.activity }, set: { model.choose(activity: $0) })) {
                    Text("No activity").tag(String?.none)
                    ForEach(model.activities) { activity in
                        Text(verbatim: activity.name).tag(Optional(activity.name))
                    }
                }
                .disabled(sessionShows)
                .accessibilityIdentifier("focusTimer.activity")
            }

            FocusControls(model: model)

            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("focusTimer.message")
            }
        }
        .frame(maxWidth: 560)
    }

    /// Whether a session runs or is paused: then the mode, minutes and tag belong to it.
    private var sessionShows: Bool {
        model.isRunning || model.isPaused
    }
}

/// The clock with what it times: the label, `MM:SS`, the pomodoro's segment and round, the session's activity.
struct FocusClock: View {
    let model: FocusTimerModel

    var body: some View {
        VStack(spacing: 6) {
            if let label = model.label {
                Text(verbatim: label)
                    .font(.headline)
                    .foregroundStyle(.secondary)
            }
            Text(verbatim: model.clockText)
                .font(.system(size: 72, weight: .light, design: .rounded))
                .monospacedDigit()
                .accessibilityIdentifier("focusTimer.clock")
            if model.isPaused {
                Text("Paused")
                    .font(.subheadline.weight(.semibold))
            }
            if let segment = model.segmentText {
                Text(verbatim: segment)
            }
            if let round = model.roundText {
                Text(verbatim: round)
                    .foregroundStyle(.secondary)
            }
            if let activity = model.sessionActivity {
                Label {
                    Text(verbatim: activity)
                } icon: {
                    Image(systemName: "tag")
                }
                .foregroundStyle(.secondary)
            }
        }
    }
}

/// Start, Pause or Resume, Stop and Skip: exactly the buttons the engine accepts now, in its order.
struct FocusControls: View {
    let model: FocusTimerModel

    var body: some View {
        HStack(spacing: 12) {
            ForEach(model.buttons, id: \.self) { button in
                Button(role: button == .stop ? .destructive : nil) {
                    Task { await model.tap(button) }
                } label: {
                    Text(verbatim: button.title)
                        .frame(minWidth: 72)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .accessibilityIdentifier("focusTimer.\(button.rawValue)")
            }
        }
    }
}

/// The activities beside the timer in a wide window: the tag Start uses, or the running session's.
struct FocusActivityTagList: View {
    let model: FocusTimerModel

    var body: some View {
        List {
            Section {
                row(name: nil)
                ForEach(model.activities) { activity in
                    row(name: activity.name, pinned: activity.isPinned)
                }
            } header: {
                Text("Activity")
            }
        }
        .disabled(model.isRunning || model.isPaused)
    }

    private func row(name: String?, pinned: Bool = false) -> some View {
        Button {
            model.choose(activity: name)
        } label: {
            HStack {
                if let name {
                    Text(verbatim: name)
                } else {
                    Text("No activity")
                }
                Spacer()
                if pinned {
                    Image(systemName: "pin.fill")
                        .foregroundStyle(.secondary)
                }
                if name == shownActivity {
                    Image(systemName: "checkmark")
                }
            }
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityIdentifier("focusTimer.activity.\(name ?? "none")")
    }

    /// The running session's activity, else the one Start will use.
    private var shownActivity: String? {
        model.isRunning || model.isPaused ? model.sessionActivity : model.activity
    }
}

#Preview("Stopped") {
    NavigationStack {
        FocusTimerView(model: FocusTimerModel(agent: PreviewRuntime.agent(.fresh)))
    }
}

#Preview("Running") {
    NavigationStack {
        FocusTimerView(model: FocusTimerModel(agent: PreviewRuntime.agent(.focusRunning)))
    }
}

#Preview("Paused") {
    let model = FocusTimerModel(agent: PreviewRuntime.agent(.focusRunning))
    NavigationStack {
        FocusTimerView(model: model)
    }
    .task { await model.pause() }
}

#Preview("Pomodoro") {
    let model = FocusTimerModel(agent: PreviewRuntime.agent(.fresh))
    NavigationStack {
        FocusTimerView(model: model)
    }
    .task {
        model.choose(.pomodoro)
        await model.start()
    }
}

#Preview("Two columns", traits: .fixedLayout(width: 1024, height: 768)) {
    NavigationStack {
        FocusTimerView(model: FocusTimerModel(agent: PreviewRuntime.agent(.focusRunning)))
    }
    #if os(iOS)
        .environment(\.horizontalSizeClass, .regular)
    #endif
}
