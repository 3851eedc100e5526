import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// Where the app keeps whether its person finished the breaks onboarding: `hasOnboarded` in the Apple apps'
/// UserDefaults, as the web app keeps it in its own preferences file. It is a fact about the app on this
/// device, like a window's size, not about breaks: the runtime's database and the family sync never carry it.
@MainActor
public protocol OnboardingMemory: AnyObject {
    /// Whether the onboarding was finished.
    var hasOnboarded: Bool { get }
    /// Remembers that it was.
    func rememberOnboarded()
}

/// The breaks onboarding (seed 000), shown before the Dashboard the first time: three pages (the 20-20-20 rule,
/// micro and long breaks, then notifications, alarms where the device has them (seed 003) and the kind switches)
/// with Next, Back and Get Started.
@MainActor
@Observable
public final class BreakOnboardingModel {
    /// One kind's switch on the setup page.
    public struct KindSwitch: Equatable, Sendable, Identifiable {
        public let kind: BreakKind
        /// Like "Enable Eye Breaks".
        public let label: String
        public let enabled: Bool

        public var id: String { kind.rawValue }
    }

    /// The pages, in order.
    public let pages = OnboardingScreen.breaks
    /// The page shown, from 0.
    public private(set) var index = 0
    /// Whether the onboarding was finished: the app shows it only while this is false.
    public private(set) var isFinished: Bool
    /// The kind switches as the runtime answered them last; empty until the first refresh.
    public private(set) var switches: [KindSwitch] = []
    /// Whether notifications may show; nil until the first refresh.
    public private(set) var notifications: NotificationPermission?
    /// Whether breaks may ring as alarms; nil until the first refresh.
    public private(set) var alarms: AlarmAuthorization?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent
    @ObservationIgnored private let memory: any OnboardingMemory
    @ObservationIgnored private let permissions: any NotificationAuthorizing
    @ObservationIgnored private let alarmAccess: any AlarmAuthorizing

    /// A model over `agent` that remembers in `memory` whether it was finished, asks `permissions` to notify and
    /// `alarms` to ring alarms (none where the device has no alarms).
    public init(
        agent: DeviceAgent, memory: any OnboardingMemory, permissions: any NotificationAuthorizing,
        alarms: any AlarmAuthorizing = NoAlarms()
    ) {
        self.agent = agent
        self.memory = memory
        self.permissions = permissions
        alarmAccess = alarms
        isFinished = memory.hasOnboarded
    }

    /// The page shown.
    public var page: OnboardingPage { pages[index] }
    /// "Step 1 of 3".
    public var progress: String { OnboardingScreen.progress(step: index + 1, of: pages.count) }
    /// The Back button's title; nil on the first page, which has none.
    public var backTitle: String? { index > 0 ? OnboardingScreen.backTitle : nil }
    /// Whether the page shown is the last, whose button finishes.
    public var isLastPage: Bool { index == pages.count - 1 }
    /// The setup page's notification button; nil once the person was asked.
    public var enableNotificationsTitle: String? {
        notifications?.canRequest == true ? OnboardingScreen.enableNotificationsTitle : nil
    }
    /// The setup page's alarm button, "Allow Alarms"; nil where the device has no alarms and once the person
    /// was asked.
    public var enableAlarmsTitle: String? {
        alarms?.canRequest == true ? AlarmAuthorization.requestTitle : nil
    }

    /// What the setup page says about alarms once the person answered; nil where the device has no alarms, before
    /// the first refresh and while the button asks.
    public var alarmsNote: String? {
        guard let alarms, alarms != .unavailable, !alarms.canRequest else { return nil }
        return alarms.text
    }

    /// Reads the kind switches and the permissions.
    public func refresh() async {
        notifications = await permissions.permission()
        alarms = await alarmAccess.authorization()
        do {
            show(try await agent.dashboard())
        } catch {
            message = .refusal(error)
        }
    }

    /// Leads on to the next page; on the last page it finishes.
    public func next() {
        if isLastPage { finish() } else { index += 1 }
    }

    /// Leads back a page; nothing on the first.
    public func back() {
        if index > 0 { index -= 1 }
    }

    /// Get Started: remembers that the onboarding was finished, so the app shows the Dashboard from now on.
    public func finish() {
        memory.rememberOnboarded()
        isFinished = true
    }

    /// Turns a break kind on or off, at once.
    public func setEnabled(_ kind: BreakKind, _ enabled: Bool) async {
        do {
            show(try await agent.perform(.setKind(kind, intervalMinutes: nil, durationSeconds: nil, enabled: enabled)))
            message = nil
        } catch {
            message = .refusal(error)
        }
    }

    /// Enable Notifications: asks the person, then shows their answer.
    public func enableNotifications() async {
        notifications = await permissions.requestPermission()
    }

    /// Allow Alarms: asks the person, then shows their answer. The app plans again when the system tells it the
    /// authorization changed, so the next break rings.
    public func enableAlarms() async {
        alarms = await alarmAccess.requestAuthorization()
    }

    /// Shows a notification that says how a break will call.
    public func sendTestNotification() async {
        await agent.presentTestNotification()
    }

    private func show(_ dashboard: DashboardScreen) {
        switches = dashboard.toggles.map { KindSwitch(kind: $0.kind, label: OnboardingScreen.enableLabel($0.kind), enabled: $0.enabled) }
    }
}
