import LockOutPresentation
import SwiftUI

/// What the window shows: the app once composed, why it could not start, or a moment of waiting.
struct LaunchView: View {
    let environment: AppEnvironment?
    let failure: String?

    var body: some View {
        if let environment {
            RootView(environment: environment)
        } else if let failure {
            ContentUnavailableView {
                Label("LockOut could not start", systemImage: "exclamationmark.triangle")
            } description: {
                Text(verbatim: failure)
            }
            .accessibilityIdentifier("launch.failure")
        } else {
            ProgressView()
                .accessibilityIdentifier("launch.progress")
        }
    }
}

#if os(macOS)
    /// The menu bar extra's content, with Open LockOut bringing the main window back.
    struct MenuBarLauncher: View {
        let model: DashboardModel
        @Environment(\.openWindow) private var openWindow

        var body: some View {
            MenuBarView(model: model) {
                openWindow(id: AppLaunch.mainWindow)
            }
        }
    }

    #Preview("Menu bar") {
        MenuBarLauncher(model: DashboardModel(agent: PreviewRuntime.agent(.running)))
    }
#endif

#Preview("Starting") {
    LaunchView(environment: nil, failure: nil)
}

#Preview("Could not start") {
    LaunchView(environment: nil, failure: "The database is locked by another process.")
}
