import LockOutPresentation
import SwiftUI

/// Reads a screen model again once a second while `isActive`: the countdowns the models word as `MM:SS`
/// (the dashboard's next break, the break sheet's ring) move on only when their model reads the runtime again.
///
/// The loop lives in the view's task, so it stops when the view goes away or `isActive` turns false.
struct RefreshEverySecond: ViewModifier {
    let isActive: Bool
    let refresh: @MainActor @Sendable () async -> Void

    func body(content: Content) -> some View {
        content.task(id: isActive) {
            guard isActive else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                await refresh()
            }
        }
    }
}

extension View {
    /// Calls `refresh` once a second while `isActive`.
    func refreshingEverySecond(while isActive: Bool, _ refresh: @escaping @MainActor @Sendable () async -> Void) -> some View {
        modifier(RefreshEverySecond(isActive: isActive, refresh: refresh))
    }
}

#Preview("Dashboard counting down") {
    DashboardView(model: DashboardModel(agent: PreviewRuntime.agent(.running)))
}
