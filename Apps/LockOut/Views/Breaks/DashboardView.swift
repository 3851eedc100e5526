import LockOutCore
import LockOutPresentation
import SwiftUI

/// The breaks Dashboard (seed 000): the headline with the next break and its `MM:SS` countdown, today's
/// compliance, a switch per break kind, and the buttons that start, stop, pause, resume and take a break now.
///
/// Everything it shows is the model's; the countdown moves on because the view reads the model again once a
/// second while one shows.
struct DashboardView: View {
    let model: DashboardModel

    var body: some View {
        Form {
            Section {
                Text(verbatim: model.headline)
                    .font(.title2.weight(.semibold))
                    .accessibilityIdentifier("dashboard.headline")
                if let countdown = model.countdown {
                    Text(verbatim: countdown)
                        .font(.system(size: 56, weight: .medium, design: .rounded).monospacedDigit())
                        .accessibilityIdentifier("dashboard.countdown")
                }
                if let current = model.screen?.currentBreak {
                    VStack(alignment: .leading, spacing: 4) {
                        Text(verbatim: current.title).font(.headline)
                        Text(verbatim: current.body).foregroundStyle(.secondary)
                        if let countdown = current.countdown {
                            Text(verbatim: countdown).font(.body.monospacedDigit())
                        }
                    }
                    .accessibilityIdentifier("dashboard.currentBreak")
                }
            }

            Section {
                LabeledContent {
                    Text(verbatim: model.compliance).font(.body.monospacedDigit())
                } label: {
                    Text("Today's compliance")
                }
                .accessibilityIdentifier("dashboard.compliance")
            }

            Section {
                ForEach(model.toggles, id: \.kind) { toggle in
                    Toggle(isOn: enabled(toggle)) {
                        Text(verbatim: toggle.title)
                    }
                    .accessibilityIdentifier("dashboard.toggle.\(toggle.kind.rawValue)")
                }
            } header: {
                Text("Break kinds")
            }

            Section {
                controls
            }

            if let message = model.message {
                Section {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("dashboard.message")
                }
            }
        }
        .formStyle(.grouped)
        .navigationTitle(String(localized: "Dashboard"))
        .task { await model.refresh() }
        .refreshingEverySecond(while: model.countdown != nil || model.screen?.currentBreak != nil) {
            await model.refresh()
        }
    }

    /// The buttons for where the cycle stands: Start while stopped, Resume while paused, otherwise take a break
    /// now, pause until tomorrow and stop.
    @ViewBuilder private var controls: some View {
        if !model.isRunning {
            Button(String(localized: "Start breaks")) {
                Task { await model.start() }
            }
            .accessibilityIdentifier("dashboard.start")
        } else if model.screen?.state == "paused" {
            Button(String(localized: "Resume")) {
                Task { await model.resume() }
            }
            .accessibilityIdentifier("dashboard.resume")
            stopButton
        } else {
            Button(String(localized: "Take a break now")) {
                Task { await model.takeBreakNow() }
            }
            .disabled(model.screen?.nextBreak == nil)
            .accessibilityIdentifier("dashboard.takeBreakNow")
            Button(String(localized: "Pause until tomorrow")) {
                Task { await model.pauseUntilTomorrow() }
            }
            .accessibilityIdentifier("dashboard.pauseUntilTomorrow")
            stopButton
        }
    }

    private var stopButton: some View {
        Button(String(localized: "Stop breaks"), role: .destructive) {
            Task { await model.stop() }
        }
        .accessibilityIdentifier("dashboard.stop")
    }

    /// A switch's binding: it shows the kind as the runtime answered and turns it on or off through the model.
    private func enabled(_ toggle: DashboardScreen.Toggle) -> Binding<Bool> {
        Binding(
            get: { toggle.enabled },
            set: { isOn in Task { await model.setEnabled(toggle.kind, isOn) } }
        )
    }
}

#Preview("Running") {
    NavigationStack {
        DashboardView(model: DashboardModel(agent: PreviewRuntime.agent(.running)))
    }
}

#Preview("Stopped") {
    NavigationStack {
        DashboardView(model: DashboardModel(agent: PreviewRuntime.agent(.fresh)))
    }
}

#Preview("Paused until tomorrow") {
    NavigationStack {
        DashboardView(model: DashboardModel(agent: PreviewRuntime.agent(.paused)))
    }
}

#Preview("Break due") {
    NavigationStack {
        DashboardView(model: DashboardModel(agent: PreviewRuntime.agent(.breakDue)))
    }
}
