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

#Preview("Break due") {
    BreakSheetView(model: BreakSheetModel(agent: PreviewRuntime.agent(.breakDue)))
}

#Preview("Break being taken") {
    BreakSheetView(model: BreakSheetModel(agent: PreviewRuntime.agent(.breakActive)))
}

#Preview("Breathing circle") {
    BreathingCircle()
        .frame(width: 120, height: 120)
        .padding(24)
}
