import LockOutCore
import LockOutPresentation
import SwiftUI

/// The break sheet (seed 000), over every screen while the app is open and a break is due or being taken: the
/// break's title and what to do, an eye or a breathing circle inside the ring that empties over the break, its
/// `MM:SS`, and Start break, Snooze N min, Done and Skip as the model offers them.
///
/// Once the break is answered, snoozed or over, the model's sheet is nil and the presenter takes it away.
struct BreakSheetView: View {
    let model: BreakSheetModel

    var body: some View {
        VStack(spacing: 24) {
            if let sheet = model.sheet {
                Text(verbatim: sheet.title)
                    .font(.largeTitle.weight(.bold))
                    .accessibilityIdentifier("breakSheet.title")
                Text(verbatim: sheet.body)
                    .font(.title3)
                    .multilineTextAlignment(.center)
                    .foregroundStyle(.secondary)
                ZStack {
                    Circle()
                        .stroke(Color.secondary.opacity(0.2), lineWidth: 14)
                    Circle()
                        .trim(from: 0, to: model.ringFraction)
                        .stroke(Color.accentColor, style: StrokeStyle(lineWidth: 14, lineCap: .round))
                        .rotationEffect(.degrees(-90))
                        .animation(.linear(duration: 1), value: model.ringFraction)
                    VStack(spacing: 12) {
                        switch sheet.exercise {
                        case .eye:
                            Image(systemName: "eye.fill")
                                .font(.system(size: 56))
                                .foregroundStyle(Color.accentColor)
                        case .breathing:
                            BreathingCircle()
                                .frame(width: 96, height: 96)
                        }
                        Text(verbatim: model.countdown)
                            .font(.system(size: 40, weight: .medium, design: .rounded).monospacedDigit())
                            .accessibilityIdentifier("breakSheet.countdown")
                    }
                }
                .frame(width: 260, height: 260)
                .accessibilityIdentifier("breakSheet.ring")
                buttons(sheet)
            } else {
                ProgressView()
            }
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("breakSheet.message")
            }
        }
        .padding(32)
        .frame(maxWidth: 480)
        .task { await model.refresh() }
        .refreshingEverySecond(while: model.sheet?.isActive == true) { await model.refresh() }
    }

    @ViewBuilder private func buttons(_ sheet: BreakSheet) -> some View {
        VStack(spacing: 12) {
            if let start = sheet.startTitle {
                Button {
                    Task { await model.start() }
                } label: {
                    Text(verbatim: start).frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .accessibilityIdentifier("breakSheet.start")
            }
            HStack(spacing: 12) {
                if let snooze = sheet.snoozeTitle {
                    Button {
                        Task { await model.snooze() }
                    } label: {
                        Text(verbatim: snooze).frame(maxWidth: .infinity)
                    }
                    .accessibilityIdentifier("breakSheet.snooze")
                }
                Button {
                    Task { await model.done() }
                } label: {
                    Text(verbatim: sheet.doneTitle).frame(maxWidth: .infinity)
                }
                .keyboardShortcut(.defaultAction)
                .accessibilityIdentifier("breakSheet.done")
                Button {
                    Task { await model.skip() }
                } label: {
                    Text(verbatim: sheet.skipTitle).frame(maxWidth: .infinity)
                }
                .accessibilityIdentifier("breakSheet.skip")
            }
            .buttonStyle(.bordered)
            .controlSize(.large)
        }
    }
}

/// A circle that grows and shrinks slowly: breathe in as it grows, out as it shrinks. Micro and long breaks show
/// it on the break sheet, and the onboarding's second page shows it as a preview.
struct BreathingCircle: View {
    @State private var isExpanded = false

    var body: some View {
        Circle()
            .fill(Color.accentColor.opacity(0.35))
            .scaleEffect(isExpanded ? 1 : 0.55)
            .animation(.easeInOut(duration: 4).repeatForever(autoreverses: true), value: isExpanded)
            .onAppear { isExpanded = true }
            .accessibilityHidden(true)
    }
}

/// Presents the break sheet over the view it modifies whenever the model has one: full screen on iOS, a sheet on
/// the window on macOS. It cannot be swiped or escaped away; a break ends by its buttons or its time.
///
/// The model is read again when the app comes to the front; while the app runs, the app's notification adapter
/// reads it again when the runtime shows a break.
struct BreakSheetPresenter: ViewModifier {
    let model: BreakSheetModel
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        presenting(content)
            .task { await model.refresh() }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active {
                    Task { await model.refresh() }
                }
            }
    }

    @ViewBuilder private func presenting(_ content: Content) -> some View {
        #if os(iOS)
            content.fullScreenCover(isPresented: isPresented) {
                BreakSheetView(model: model)
                    .interactiveDismissDisabled()
            }
        #else
            content.sheet(isPresented: isPresented) {
                BreakSheetView(model: model)
                    .frame(minWidth: 420, minHeight: 540)
                    .interactiveDismissDisabled()
            }
        #endif
    }

    /// Shown while the model has a sheet; the system never takes it away on its own, so the setter does nothing.
    private var isPresented: Binding<Bool> {
        Binding(get: { model.isPresented }, set: { _ in })
    }
}

extension View {
    /// Presents the break sheet of `model` over this view while a break is due or being taken.
    func breakSheetPresenter(_ model: BreakSheetModel) -> some View {
        modifier(BreakSheetPresenter(model: model))
    }
}

#Preview("Break due") {
    BreakSheetView(model: BreakSheetModel(agent: PreviewRuntime.agent(.breakDue)))
}

#Preview("Break being taken") {
    BreakSheetView(model: BreakSheetModel(agent: PreviewRuntime.agent(.breakActive)))
}

#Preview("Presented over the dashboard") {
    let agent = PreviewRuntime.agent(.breakDue)
    return NavigationStack {
        DashboardView(model: DashboardModel(agent: agent))
    }
    .breakSheetPresenter(BreakSheetModel(agent: agent))
}

#Preview("Breathing circle") {
    BreathingCircle()
        .frame(width: 120, height: 120)
        .padding(24)
}
