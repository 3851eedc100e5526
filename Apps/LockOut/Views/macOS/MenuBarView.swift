#if os(macOS)
    import AppKit
    import LockOutCore
    import LockOutPresentation
    import SwiftUI

    /// The menu bar extra's window (seed 000's macOS menu): the headline and the next break's countdown, Take a
    /// break now, Pause until tomorrow or Resume, Open LockOut and Quit, over the same model as the Dashboard.
    ///
    /// Opening the main window is the scene's to do (it knows the window's id), so it comes in as `openApp`.
    struct MenuBarView: View {
        let model: DashboardModel
        let openApp: () -> Void

        var body: some View {
            VStack(alignment: .leading, spacing: 10) {
                Text(verbatim: model.headline)
                    .font(.headline)
                    .accessibilityIdentifier("menuBar.headline")
                if let countdown = model.countdown {
                    Text(verbatim: countdown)
                        .font(.system(size: 32, weight: .medium, design: .rounded).monospacedDigit())
                        .accessibilityIdentifier("menuBar.countdown")
                }
                Text("Today's compliance: \(model.compliance)")
                    .foregroundStyle(.secondary)
                Divider()
                Button(String(localized: "Take a break now")) {
                    Task { await model.takeBreakNow() }
                }
                .disabled(model.screen?.nextBreak == nil)
                .accessibilityIdentifier("menuBar.takeBreakNow")
                if model.screen?.state == "paused" {
                    Button(String(localized: "Resume")) {
                        Task { await model.resume() }
                    }
                    .accessibilityIdentifier("menuBar.resume")
                } else if model.isRunning {
                    Button(String(localized: "Pause until tomorrow")) {
                        Task { await model.pauseUntilTomorrow() }
                    }
                    .accessibilityIdentifier("menuBar.pauseUntilTomorrow")
                } else {
                    Button(String(localized: "Start breaks")) {
                        Task { await model.start() }
                    }
                    .accessibilityIdentifier("menuBar.start")
                }
                if let message = model.message {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("menuBar.message")
                }
                Divider()
                Button(String(localized: "Open LockOut")) {
                    openApp()
                }
                .accessibilityIdentifier("menuBar.open")
                Button(String(localized: "Quit LockOut")) {
                    NSApplication.shared.terminate(nil)
                }
                .keyboardShortcut("q")
                .accessibilityIdentifier("menuBar.quit")
            }
            .buttonStyle(.borderless)
            .padding(14)
            .frame(width: 280, alignment: .leading)
            .task { await model.refresh() }
            .refreshingEverySecond(while: model.countdown != nil) { await model.refresh() }
        }
    }

    #Preview("Running") {
        MenuBarView(model: DashboardModel(agent: PreviewRuntime.agent(.running)), openApp: {})
    }

    #Preview("Paused") {
        MenuBarView(model: DashboardModel(agent: PreviewRuntime.agent(.paused)), openApp: {})
    }
#endif
