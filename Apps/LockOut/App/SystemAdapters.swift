import Foundation
import LockOutCore
import LockOutRuntime
import os

#if os(macOS)
    import AppKit
#endif

/// The platform's side of the runtime's ports, one set per app: notifications everywhere; alarms, the Live
/// Activity, Screen Time shields, HealthKit and the background refresh on iPhone and iPad; the full-screen watch on
/// the Mac. `apply(_:)` hands each adapter its part of the runtime's plans; no adapter decides anything.
@MainActor
final class SystemAdapters {
    let notifications = UserNotificationsAdapter()
    let familyConnector = FamilyConnector.urlSession
    private let logger = Logger(subsystem: "org.lockout.LockOut", category: "app")

    #if os(iOS)
        let screenTime = ScreenTimeAdapter(calendar: .autoupdatingCurrent)
        let healthKit = HealthKitAdapter(calendar: .autoupdatingCurrent)
        let liveActivity = LiveActivityAdapter()
        private(set) var backgroundRefresh: BackgroundRefreshAdapter?
        /// The AlarmKit adapter (iOS 26 and later), once connected.
        private var alarmsAdapter: AnyObject?
    #else
        private var fullScreen: FullScreenDeferral?
        private var agent: DeviceAgent?
    #endif

    /// The runtime's notifier: the plan schedules ahead, the adapter avoids showing a moment twice.
    var notifier: any Notifying { notifications }
    /// The notification permission, for onboarding and settings.
    var permissions: any NotificationAuthorizing { notifications }
    /// The alarm authorization, for onboarding, settings and the plans: AlarmKit's on iOS 26, none elsewhere.
    var alarmPermissions: any AlarmAuthorizing {
        #if os(iOS)
            if #available(iOS 26.0, *) { return AlarmKitAuthorization() }
        #endif
        return NoAlarms()
    }
    /// How a focus session's end is announced. The plans schedule focus ends as notifications; the one alarm the
    /// break cycle holds is the break's.
    var alertCapability: AlertCapability { .notificationOnly }
    /// The agent's shield port sets nothing here: Screen Time follows the shield plan (`apply(_:)`).
    var shield: any ShieldControlling { PlannedShield() }

    #if os(iOS)
        var health: (any HealthReading)? { healthKit }
        /// The gate onboarding connects Apple Health and picks apps with Screen Time.
        var gateOnboardingPages: [OnboardingPage] { OnboardingScreen.gateWithScreenTime }

        /// The gate onboarding's permissions: HealthKit, and Family Controls for the person or, on a child's
        /// device, as the child's.
        func gateAccess(family: FamilyService) -> (any GateAccessRequesting)? {
            GateAccessAdapter(health: healthKit, screenTime: screenTime, family: family)
        }
    #else
        /// No health data on the Mac: the gate reads the totals stored or synced from the person's phone.
        var health: (any HealthReading)? { nil }
        /// The Mac blocks nothing and reads health from the phone: the pages that say how to log totals.
        var gateOnboardingPages: [OnboardingPage] { OnboardingScreen.gate }

        /// No Screen Time on the Mac, and no HealthKit data to ask for.
        func gateAccess(family: FamilyService) -> (any GateAccessRequesting)? { nil }
    #endif

    /// Before the app finishes launching: the notification delegate, and on iOS the background refresh's handler.
    func install(refresh work: BackgroundRefreshWork) {
        notifications.install()
        #if os(iOS)
            let refresh = BackgroundRefreshAdapter(work: work)
            refresh.register()
            backgroundRefresh = refresh
        #endif
    }

    /// Once the agent exists, before it starts: the adapters that answer back to it, and the watches that report to
    /// it. `onChange` plans again; HealthKit's deliveries go to `healthDeliveries`, which hold them until the agent runs.
    func connect(
        _ agent: DeviceAgent, healthDeliveries: HealthDeliveries,
        onChange: @escaping @MainActor @Sendable () async -> Void
    ) async {
        notifications.attach(agent)
        notifications.onChange = onChange
        #if os(iOS)
            if #available(iOS 26.0, *) {
                let alarms = BreakAlarmsAdapter(agent: agent)
                alarms.onChange = onChange
                alarmsAdapter = alarms
            }
            await liveActivity.resumeAtLaunch()
            healthKit.startObserving(deliveries: healthDeliveries)
        #else
            self.agent = agent
            let watch = FullScreenDeferral(observer: self)
            fullScreen = watch
            watch.start()
        #endif
    }

    /// The alarms the system holds for the app (none where there is no AlarmKit).
    func heldAlarms() async -> [HeldAlarm] {
        #if os(iOS)
            if #available(iOS 26.0, *), let alarms = alarmsAdapter as? BreakAlarmsAdapter {
                return alarms.heldAlarms()
            }
        #endif
        return []
    }

    /// At launch, after the agent started: the alarms the system still rings are reconciled with the break cycle,
    /// and the alarms and their authorization are watched from then on.
    func reconcileAlarms() async {
        #if os(iOS)
            if #available(iOS 26.0, *), let alarms = alarmsAdapter as? BreakAlarmsAdapter {
                await alarms.reconcileAtLaunch()
            }
        #endif
    }

    /// Hands every adapter its part of `plans`.
    func apply(_ plans: SystemPlans) async {
        await notifications.apply(plans.notifications)
        await notifications.setBadge(plans.badge)
        #if os(iOS)
            if #available(iOS 26.0, *), let alarms = alarmsAdapter as? BreakAlarmsAdapter {
                await alarms.apply(plans.alarm)
            }
            liveActivity.apply(plans.liveActivity)
            do {
                try screenTime.apply(plans.shields)
            } catch {
                log("could not apply the shields: \(error)")
            }
            backgroundRefresh?.submit(earliestBegin: plans.refreshAt)
        #endif
    }

    /// Writes `message` to the system log.
    func log(_ message: String) {
        logger.error("\(message, privacy: .public)")
    }
}

#if os(macOS)
    extension SystemAdapters: FullScreenObserving {
        func otherAppFullScreenChanged(_ isFullScreen: Bool) {
            guard let agent else { return }
            Task {
                do {
                    try await agent.setBreaksDeferred(isFullScreen)
                } catch {
                    log("could not defer breaks: \(error)")
                }
            }
        }
    }

    /// The Mac has no Screen Time shields: the gate's state shows, nothing is blocked.
    private struct NoShield: ShieldControlling {
        func setShields(on: Bool, apps: [BlockedApp]) throws {}
    }
#endif
