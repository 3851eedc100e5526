import LockOutCore
import LockOutPresentation
import LockOutRuntime
import SwiftUI

/// The app: one window with the breaks dashboard.
@main
struct LockOutApp: App {
    /// The dashboard's model, made once the agent runs.
    @State private var dashboard: DashboardModel?

    var body: some Scene {
        WindowGroup {
            if let dashboard {
                DashboardView(model: dashboard)
            }
        }
    }
}
