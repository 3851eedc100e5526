import LockOutCore
import LockOutPresentation
import LockOutShared
import SwiftUI

/// The health gate's onboarding (seed 004), four pages: welcome, health data (Connect Apple Health), the apps to
/// block (Enable Screen Time, and on iPhone and iPad the picker), and done (Get Started). The pages' words and the
/// permissions they ask for are the model's; whether it was finished is the app's to keep.
struct GateOnboardingView: View {
    let model: GateOnboardingModel
    #if os(iOS)
        /// Where the chosen apps are kept; nil where no picker shows (previews).
        var screenTime: ScreenTimeAdapter? = nil
    #endif

    var body: some View {
        VStack(spacing: 20) {
            Spacer()
            Image(systemName: Self.symbol(of: model.page.kind))
                .font(.system(size: 64))
                .foregroundStyle(.tint)
                .accessibilityHidden(true)
            Text(verbatim: model.page.title)
                .font(.title.bold())
                .multilineTextAlignment(.center)
                .accessibilityIdentifier("gateOnboarding.title")
            ForEach(model.page.paragraphs, id: \.self) { paragraph in
                Text(verbatim: paragraph).multilineTextAlignment(.center)
            }
            if let access = model.pageAccess {
                permission(access)
            }
            #if os(iOS)
                if model.page.kind == .programs, let screenTime {
                    GateAppPickerView(selectionName: ShieldSelectionName.gate, screenTime: screenTime)
                }
            #endif
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("gateOnboarding.message")
            }
            Spacer()
            pageDots
            HStack {
                if model.canGoBack {
                    Button("Back") { model.back() }
                        .accessibilityIdentifier("gateOnboarding.back")
                }
                Spacer()
                Button(model.page.next) { model.next() }
                    .buttonStyle(.borderedProminent)
                    .accessibilityIdentifier(model.isLastPage ? "getStartedButton" : "gateOnboarding.next")
            }
        }
        .padding(24)
        .animation(.default, value: model.index)
    }

    /// The page's permission: its button until granted, then what it says once granted.
    @ViewBuilder private func permission(_ access: GateAccess) -> some View {
        if model.isPageAccessGranted {
            Label(access.grantedText, systemImage: "checkmark.circle.fill")
                .foregroundStyle(.green)
                .accessibilityIdentifier("gateOnboarding.granted")
        } else {
            Button(access.buttonTitle) {
                Task { await model.requestAccess() }
            }
            .buttonStyle(.bordered)
            .accessibilityIdentifier(access == .healthData ? "connectHealthButton" : "enableScreenTimeButton")
        }
    }

    /// Which page of how many.
    private var pageDots: some View {
        HStack(spacing: 8) {
            ForEach(Array(model.pages.enumerated()), id: \.offset) { entry in
                Circle()
                    .fill(entry.offset == model.index ? Color.accentColor : Color.secondary.opacity(0.3))
                    .frame(width: 8, height: 8)
            }
        }
        .accessibilityHidden(true)
    }

    /// The picture of each page.
    private static func symbol(of kind: OnboardingPage.Kind) -> String {
        switch kind {
        case .gateWelcome: "figure.walk"
        case .healthData: "heart.text.square"
        case .programs: "lock.app.dashed"
        case .gateDone: "checkmark.seal"
        case .eyeRule: "eye"
        case .breathing: "wind"
        case .breakSetup: "bell.badge"
        }
    }
}

/// Permissions that are granted at once, for previews.
private struct PreviewGateAccess: GateAccessRequesting {
    func request(_ access: GateAccess) async throws {}
}

#Preview("Welcome") {
    GateOnboardingView(model: GateOnboardingModel(access: PreviewGateAccess()))
}

#Preview("Apple Health") {
    let model = GateOnboardingModel(access: PreviewGateAccess())
    let _ = model.next()
    GateOnboardingView(model: model)
}
