#if os(iOS)
    import ActivityKit
    import Foundation
    import LockOutCore
    import LockOutRuntime
    import LockOutShared
    import UIKit

    /// Shows the running focus session as a Live Activity (seed 001), from the content Core plans.
    ///
    /// The app hands it the runtime's `SystemPlans.liveActivity` after every change the agent reports. It translates
    /// Core's `FocusActivityContent` into the widget's ``FocusActivityState`` through its JSON; when to request,
    /// update or end — only the latest state, nothing unchanged, updates spaced, the end at once, an activity the
    /// person ended left ended until the session stops — is the runtime's `LiveActivityCourier`'s to decide, tested
    /// on Linux. The widget counts the seconds itself, so a running session needs no updates.
    @MainActor
    final class LiveActivityAdapter {
        private let courier = LiveActivityCourier(surface: ActivityKitSurface())

        init() {}

        /// At launch: keeps one activity a previous run left (the session may still run), ends every other one.
        func resumeAtLaunch() async {
            guard let kept = await ActivityKitSurface.keepOneEndOthers() else { return }
            courier.resume(id: kept.id, showing: kept.state, staleDate: kept.staleDate)
        }

        /// Shows `plan`'s content with its stale date, or ends the activity when it is nil.
        func apply(_ plan: FocusActivityPlan?) {
            guard let plan else {
                courier.show(nil, staleDate: nil)
                return
            }
            guard let data = try? JSONEncoder().encode(plan.content), let state = FocusActivityState.decoded(from: data) else {
                return
            }
            courier.show(state, staleDate: plan.staleDate)
        }
    }

    /// ActivityKit's focus activities, as the courier asks for them.
    @MainActor
    final class ActivityKitSurface: LiveActivitySurface {
        func update(_ id: String, to state: FocusActivityState, staleDate: Date?) async -> Bool {
            guard let activity = ActivityKit.Activity<FocusActivityAttributes>.activities.first(where: { $0.id == id }),
                activity.activityState == .active || activity.activityState == .stale
            else { return false }
            await activity.update(ActivityContent(state: state, staleDate: staleDate))
            return true
        }

        /// A new activity, requested only in the foreground and where Live Activities are allowed.
        func request(_ state: FocusActivityState, staleDate: Date?) async -> String? {
            guard ActivityAuthorizationInfo().areActivitiesEnabled, UIApplication.shared.applicationState == .active else {
                return nil
            }
            return try? ActivityKit.Activity<FocusActivityAttributes>.request(
                attributes: FocusActivityAttributes(), content: ActivityContent(state: state, staleDate: staleDate),
                pushType: nil
            ).id
        }

        /// Ends every focus activity at once, with no final content: the session stopped.
        func endAll() async {
            for activity in ActivityKit.Activity<FocusActivityAttributes>.activities {
                await activity.end(nil, dismissalPolicy: .immediate)
            }
        }

        /// The one activity still showing that a previous run left, kept; every other one ended.
        static func keepOneEndOthers() async -> (id: String, state: FocusActivityState, staleDate: Date?)? {
            var kept: (id: String, state: FocusActivityState, staleDate: Date?)?
            for activity in ActivityKit.Activity<FocusActivityAttributes>.activities {
                let showing = activity.activityState == .active || activity.activityState == .stale
                if kept == nil, showing {
                    kept = (activity.id, activity.content.state, activity.content.staleDate)
                } else {
                    await activity.end(nil, dismissalPolicy: .immediate)
                }
            }
            return kept
        }
    }
#endif
