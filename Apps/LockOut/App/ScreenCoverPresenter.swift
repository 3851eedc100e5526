import LockOutPresentation
import SwiftUI

/// Presents the one cover `ScreenCovers` names over the view it modifies — the break sheet, or the breaks onboarding
/// until it is finished — full screen on iOS (seed 000's `fullScreenCover`), a sheet on the window on macOS. One
/// presentation for both, so a break that falls due during the onboarding takes its place and the onboarding comes
/// back after it. Neither can be swiped or escaped away: a break ends by its buttons or its time, the onboarding by
/// Get Started, so the binding's setter does nothing.
///
/// The break sheet's model is read again when the app comes to the front; while the app runs, the notification
/// adapter reads it again when the runtime shows a break.
struct ScreenCoverPresenter: ViewModifier {
    let covers: ScreenCovers
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        presenting(content)
            .task { await covers.breakSheet.refresh() }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active {
                    Task { await covers.breakSheet.refresh() }
                }
            }
    }

    @ViewBuilder private func presenting(_ content: Content) -> some View {
        #if os(iOS)
            content.fullScreenCover(item: cover) { cover in
                coverView(cover)
                    .interactiveDismissDisabled()
            }
        #else
            content.sheet(item: cover) { cover in
                coverView(cover)
                    .frame(minWidth: 520, minHeight: 560)
                    .interactiveDismissDisabled()
            }
        #endif
    }

    @ViewBuilder private func coverView(_ cover: ScreenCovers.Cover) -> some View {
        switch cover {
        case .breakSheet: BreakSheetView(model: covers.breakSheet)
        case .onboarding: BreakOnboardingView(model: covers.onboarding)
        }
    }

    private var cover: Binding<ScreenCovers.Cover?> {
        Binding(get: { covers.cover }, set: { _ in })
    }
}

extension View {
    /// Presents what covers the screens, one cover at a time.
    func screenCoverPresenter(_ covers: ScreenCovers) -> some View {
        modifier(ScreenCoverPresenter(covers: covers))
    }
}

#Preview("A break over the dashboard") {
    let agent = PreviewRuntime.agent(.breakDue)
    let covers = ScreenCovers(
        breakSheet: BreakSheetModel(agent: agent),
        onboarding: BreakOnboardingModel(
            agent: agent, memory: PreviewRuntime.onboardingMemory(done: true), permissions: PreviewRuntime.permissions()
        )
    )
    return NavigationStack {
        DashboardView(model: DashboardModel(agent: agent))
    }
    .screenCoverPresenter(covers)
}
