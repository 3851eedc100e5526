#if os(iOS)
    import ActivityKit
    import Foundation
    import LockOutCore
    import LockOutShared
    import UIKit

    /// Shows the running focus session as a Live Activity (seed 001), from the content Core plans.
    ///
    /// The app hands it the runtime's `SystemPlans.liveActivity` after every change the agent reports; it
    /// translates: Core's `FocusActivityContent` becomes the widget's ``FocusActivityState`` through its JSON,
    /// an activity is requested while the app is in the foreground and Live Activities are allowed, updated
    /// only when the state changed and at most once per `LiveStatusThrottle.interval`, and ended at once when
    /// no session runs. The widget counts the seconds itself, so a running session needs no updates.
    ///
    /// One activity at a time. At launch ``resumeAtLaunch()`` keeps one a previous run left (the session may
    /// still run) and ends the others. An activity the person or the system ended is not requested again
    /// until the session stops.
    @MainActor
    final class LiveActivityAdapter {
        /// What the app last asked to show: the state, or nil to end, and when it goes stale.
        private struct Wanted: Equatable {
            let state: FocusActivityState?
            let staleDate: Date?
        }

        /// The activity this adapter shows, by its system id; nil when none.
        private var activityID: String?
        /// What that activity shows, as last handed to the system.
        private var shown: Wanted?
        /// Whether the person or the system ended the activity while the session still runs.
        private var endedElsewhere = false
        /// The latest wish not yet carried out.
        private var pending: Wanted?
        /// The loop carrying out wishes one after another; nil when idle.
        private var worker: Task<Void, Never>?
        /// The wait between two updates; cancelled when the session stops, which must not wait.
        private var spacing: Task<Void, Never>?

        init() {}

        /// At launch: keeps one activity a previous run left, ends every other one.
        func resumeAtLaunch() async {
            guard let kept = await Self.keepOneEndOthers() else { return }
            activityID = kept.id
            shown = Wanted(state: kept.state, staleDate: kept.staleDate)
        }

        /// Shows `plan`'s content with its stale date, or ends the activity when it is nil.
        func apply(_ plan: FocusActivityPlan?) {
            apply(plan?.content, staleDate: plan?.staleDate)
        }

        /// Shows `content`, stale at `staleDate` (Core's plan's, when it gives one), or ends the activity when
        /// `content` is nil (no session runs).
        func apply(_ content: FocusActivityContent?, staleDate: Date? = nil) {
            guard let content else {
                pending = Wanted(state: nil, staleDate: nil)
                spacing?.cancel()
                startWorker()
                return
            }
            guard let data = try? JSONEncoder().encode(content), let state = FocusActivityState.decoded(from: data) else {
                return
            }
            pending = Wanted(state: state, staleDate: staleDate)
            startWorker()
        }

        private func startWorker() {
            guard worker == nil else { return }
            worker = Task { await drain() }
        }

        /// Carries out the latest wish, waiting `LiveStatusThrottle.interval` after each update sent.
        private func drain() async {
            while let next = pending {
                pending = nil
                guard next != shown || activityID == nil else { continue }
                if await carryOut(next) {
                    let wait = Task { try? await Task.sleep(for: .seconds(LiveStatusThrottle.interval)) }
                    spacing = wait
                    await wait.value
                    spacing = nil
                }
            }
            worker = nil
        }

        /// Hands `wanted` to the system; whether an activity was requested or updated.
        private func carryOut(_ wanted: Wanted) async -> Bool {
            guard let state = wanted.state else {
                await Self.endAll()
                (activityID, shown, endedElsewhere) = (nil, nil, false)
                return false
            }
            let content = ActivityContent(state: state, staleDate: wanted.staleDate)
            if let activityID {
                if await Self.update(activityID, with: content) {
                    shown = wanted
                    return true
                }
                (self.activityID, shown, endedElsewhere) = (nil, nil, true)
            }
            guard !endedElsewhere, ActivityAuthorizationInfo().areActivitiesEnabled,
                UIApplication.shared.applicationState == .active
            else { return false }
            do {
                let activity = try ActivityKit.Activity<FocusActivityAttributes>.request(
                    attributes: FocusActivityAttributes(), content: content, pushType: nil)
                activityID = activity.id
                shown = wanted
                return true
            } catch {
                // Refused (not allowed now, or too many activities): asked again at the next change.
                return false
            }
        }

        /// Updates the activity `id` if it still shows; false when the person or the system ended it.
        private nonisolated static func update(_ id: String, with content: ActivityContent<FocusActivityState>) async -> Bool {
            guard let activity = ActivityKit.Activity<FocusActivityAttributes>.activities.first(where: { $0.id == id }),
                activity.activityState == .active || activity.activityState == .stale
            else { return false }
            await activity.update(content)
            return true
        }

        /// Ends every focus activity at once, with no final content: the session stopped.
        private nonisolated static func endAll() async {
            for activity in ActivityKit.Activity<FocusActivityAttributes>.activities {
                await activity.end(nil, dismissalPolicy: .immediate)
            }
        }

        /// The one activity still showing that a previous run left, kept; every other one ended.
        private nonisolated static func keepOneEndOthers() async -> (id: String, state: FocusActivityState, staleDate: Date?)? {
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
