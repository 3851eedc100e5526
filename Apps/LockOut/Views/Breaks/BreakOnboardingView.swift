import LockOutCore
import LockOutPresentation
import SwiftUI

/// The breaks onboarding (seed 000), before the Dashboard the first time: the 20-20-20 rule with an eye, micro
/// and long breaks with a breathing circle, then the notification permission, the alarm authorization where the
/// device has alarms, a test notification and the kind switches with Get Started. The model leads from page to
/// page; its pages carry every word.
struct BreakOnboardingView: View {
    let model: BreakOnboardingModel

    var body: some View {
        VStack(spacing: 20) {
            Text(verbatim: model.progress)
                .font(.footnote)
                .foregroundStyle(.secondary)
                .accessibilityIdentifier("onboarding.progress")
            ScrollView {
                VStack(spacing: 20) {
                    picture(model.page.kind)
                        .frame(height: 140)
                    Text(verbatim: model.page.title)
                        .font(.largeTitle.weight(.bold))
                        .multilineTextAlignment(.center)
                        .accessibilityIdentifier("onboarding.title")
                    ForEach(model.page.paragraphs, id: \.self) { paragraph in
                        Text(verbatim: paragraph)
                            .multilineTextAlignment(.center)
                    }
                    if model.page.kind == .breakSetup {
                        setup
                    }
                }
                .frame(maxWidth: 520)
                .padding(.horizontal, 24)
            }
            .id(model.index)
            .transition(.opacity)
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("onboarding.message")
            }
            HStack(spacing: 12) {
                if let back = model.backTitle {
                    Button {
                        model.back()
                    } label: {
                        Text(verbatim: back).frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.bordered)
                    .accessibilityIdentifier("onboarding.back")
                }
                Button {
                    model.next()
                } label: {
                    Text(verbatim: model.page.next).frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .keyboardShortcut(.defaultAction)
                .accessibilityIdentifier(model.isLastPage ? "onboarding.getStarted" : "onboarding.next")
            }
            .controlSize(.large)
            .frame(maxWidth: 520)
        }
        .padding(24)
        .animation(.easeInOut, value: model.index)
        .task { await model.refresh() }
    }

    /// What a page draws: an eye for the 20-20-20 rule, a breathing circle for micro and long breaks, a bell
    /// on the setup page.
    @ViewBuilder private func picture(_ kind: OnboardingPage.Kind) -> some View {
        switch kind {
        case .eyeRule:
            Image(systemName: "eye.fill")
                .font(.system(size: 88))
                .foregroundStyle(Color.accentColor)
        case .breathing:
            BreathingCircle()
                .frame(width: 120, height: 120)
        case .breakSetup, .gateWelcome, .healthData, .programs, .gateDone:
            Image(systemName: "bell.badge.fill")
                .font(.system(size: 72))
                .foregroundStyle(Color.accentColor)
        }
    }

    /// The setup page's controls: Enable Notifications and Allow Alarms while the person was not asked, a test
    /// notification, and one switch per break kind.
    private var setup: some View {
        VStack(spacing: 16) {
            if let enable = model.enableNotificationsTitle {
                Button {
                    Task { await model.enableNotifications() }
                } label: {
                    Text(verbatim: enable)
                }
                .buttonStyle(.borderedProminent)
                .accessibilityIdentifier("onboarding.enableNotifications")
            } else if let permission = model.notifications {
                Text(verbatim: permission.text)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
            }
            if let allow = model.enableAlarmsTitle {
                Button {
                    Task { await model.enableAlarms() }
                } label: {
                    Text(verbatim: allow)
                }
                .buttonStyle(.bordered)
                .accessibilityIdentifier("onboarding.enableAlarms")
            } else if let note = model.alarmsNote {
                Text(verbatim: note)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                    .accessibilityIdentifier("onboarding.alarms")
            }
            Button(String(localized: "Send a Test Notification")) {
                Task { await model.sendTestNotification() }
            }
            .accessibilityIdentifier("onboarding.testNotification")
            VStack(spacing: 8) {
                ForEach(model.switches) { kindSwitch in
                    Toggle(isOn: enabled(kindSwitch)) {
                        Text(verbatim: kindSwitch.label)
                    }
                    .accessibilityIdentifier("onboarding.toggle.\(kindSwitch.kind.rawValue)")
                }
            }
            .frame(maxWidth: 360)
        }
    }

    private func enabled(_ kindSwitch: BreakOnboardingModel.KindSwitch) -> Binding<Bool> {
        Binding(
            get: { kindSwitch.enabled },
            set: { isOn in Task { await model.setEnabled(kindSwitch.kind, isOn) } }
        )
    }
}

#Preview("The 20-20-20 rule") {
    BreakOnboardingView(
        model: BreakOnboardingModel(
            agent: PreviewRuntime.agent(.fresh),
            memory: PreviewRuntime.onboardingMemory(),
            permissions: PreviewRuntime.permissions(granted: false)
        )
    )
}

#Preview("Micro and long breaks") {
    let model = BreakOnboardingModel(
        agent: PreviewRuntime.agent(.fresh),
        memory: PreviewRuntime.onboardingMemory(),
        permissions: PreviewRuntime.permissions(granted: false)
    )
    model.next()
    return BreakOnboardingView(model: model)
}

#Preview("Choose your breaks") {
    let model = BreakOnboardingModel(
        agent: PreviewRuntime.agent(.fresh),
        memory: PreviewRuntime.onboardingMemory(),
        permissions: PreviewRuntime.permissions(granted: false)
    )
    model.next()
    model.next()
    return BreakOnboardingView(model: model)
}
