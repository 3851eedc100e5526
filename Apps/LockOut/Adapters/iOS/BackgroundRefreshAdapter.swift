#if os(iOS)
    import BackgroundTasks
    import Foundation
    import LockOutShared
    import os

    private let logger = Logger(subsystem: "org.lockout.LockOut", category: "background-refresh")

    /// The background refresh (BGAppRefreshTask) that renews what the system was handed while the app is not
    /// running: the notification plan's rolling window of 64 requests and the alarm. Core says when it is due (the
    /// plans' `refreshAt`); the system runs it then or, often, much later.
    ///
    /// ```
    ///   register (before launch ends) ── submit(earliestBegin: refreshAt)
    ///   system launches the task ──► replan() ──► submit(earliestBegin: its refreshAt) ──► setTaskCompleted
    ///                       └─ expires first ──► the re-plan is cancelled, the task completes unsuccessfully
    /// ```
    final class BackgroundRefreshAdapter: Sendable {
        /// Plans again and applies the plans (notifications, alarm); answers their `refreshAt`, or nil when the
        /// runtime could not plan.
        private let replan: @Sendable () async -> Date?

        init(replan: @escaping @Sendable () async -> Date?) {
            self.replan = replan
        }

        /// Registers the task's handler under `SharedIdentifiers.backgroundRefreshTask` (listed in the app's
        /// `BGTaskSchedulerPermittedIdentifiers`). Call it before the app finishes launching, once per launch.
        func register() {
            let registered = BGTaskScheduler.shared.register(
                forTaskWithIdentifier: SharedIdentifiers.backgroundRefreshTask,
                using: nil
            ) { @Sendable [self] task in
                run(RefreshTask(task: task))
            }
            if !registered {
                logger.error("the background refresh is not registered: is it permitted in the Info.plist?")
            }
        }

        /// Asks the system to run the refresh no earlier than `date`; a request not yet run is replaced. With no
        /// date the system picks the time.
        func submit(earliestBegin date: Date?) {
            let request = BGAppRefreshTaskRequest(identifier: SharedIdentifiers.backgroundRefreshTask)
            request.earliestBeginDate = date
            do {
                try BGTaskScheduler.shared.submit(request)
            } catch {
                logger.error("could not submit the background refresh: \(error.localizedDescription, privacy: .public)")
            }
        }

        /// Re-plans, resubmits, and always completes the task: unsuccessfully when the re-plan failed or the system
        /// ended the time first.
        private func run(_ refresh: RefreshTask) {
            let replan = replan
            let work = Task { await replan() }
            refresh.task.expirationHandler = { @Sendable in work.cancel() }
            Task {
                let next = await work.value
                submit(earliestBegin: next)
                refresh.task.setTaskCompleted(success: next != nil && !work.isCancelled)
            }
        }
    }

    /// The system's task, carried into the task that re-plans: `BGTask` is not marked `Sendable`, but its expiration
    /// handler and its completion may be set and called from any thread.
    private struct RefreshTask: @unchecked Sendable {
        let task: BGTask
    }
#endif
