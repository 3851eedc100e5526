import LockOutCore
import LockOutPresentation
import SwiftUI

/// The breaks dashboard: the headline, the countdown, and a switch per break kind.
struct DashboardView: View {
    let model: DashboardModel

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: model.headline)
                .font(.title)
            if let countdown = model.countdown {
                Text(verbatim: countdown)
                    .monospacedDigit()
            }
            ForEach(model.toggles, id: \.title) { toggle in
                Toggle(
                    toggle.title,
                    isOn: Binding(
                        get: { toggle.enabled },
                        set: { enabled in Task { await model.setEnabled(toggle.kind, enabled) } }
                    )
                )
                .accessibilityIdentifier("dashboard.toggle")
            }
            if let next = model.screen?.nextBreak {
                Text(next.dueAt, style: .timer)
            }
            Button("Take a break now") {
                Task { await model.takeBreakNow() }
            }
            .accessibilityIdentifier("dashboard.takeBreakNow")
            .opacity(model.isRunning ? 1 : 0.4)
        }
        .padding(.horizontal, 16)
        .task { await model.refresh() }
    }
}

#Preview {
    DashboardView(model: DashboardModel(agent: PreviewAgent.agent))
}
