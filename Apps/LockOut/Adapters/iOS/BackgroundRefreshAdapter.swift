#if os(iOS)
    import BackgroundTasks
    import Foundation
    import LockOutRuntime
    import LockOutShared
    import os

    private let logger = Logger(subsystem: "org.lockout.LockOut", category: "background-refresh")

    /// The background refresh (BGAppRefreshTask) that renews what the system was handed while the app is not
    /// running: the notification plan's rolling window of 64 requests and the alarm, and the family's news. Core
    /// says when it is due (the plans' `refreshAt`); the system runs it then or, often, much later.
    ///
    /// The order — plan, a family round within its budget, plan again; the next refresh asked for and the task
    /// completed exactly once, expired or not — is `BackgroundRefresh` in the runtime, tested on Linux. This adapter
    /// only hands it the system's task:
    ///
    /// ```
    ///   register (before launch ends) ── submit(earliestBegin: refreshAt)
    ///   system launches the task ──► BackgroundRefreshRun.start() ─► submit(…) ─► setTaskCompleted(success:)
    ///   expirationHandler ──► BackgroundRefreshRun.expire()   (the round stopped, the task completed at once)
    /// ```
    final class BackgroundRefreshAdapter: Sendable {
        /// The plans made again, and the family round within a budget.
        private let work: BackgroundRefreshWork

        init(work: BackgroundRefreshWork) {
            self.work = work
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

        /// Runs one refresh: the runtime's sequence over the system's task, which the expiration handler keeps alive
        /// until the system lets go of it.
        private func run(_ refresh: RefreshTask) {
            let run = BackgroundRefreshRun(
                timer: WallClockDeadlineTimer(), now: { Date() }, work: work,
                submit: { [self] date in submit(earliestBegin: date) },
                complete: { success in refresh.task.setTaskCompleted(success: success) }
            )
            refresh.task.expirationHandler = { @Sendable in run.expire() }
            run.start()
        }
    }

    /// The system's task, carried into the task that re-plans: `BGTask` is not marked `Sendable`, but its expiration
    /// handler and its completion may be set and called from any thread.
    private struct RefreshTask: @unchecked Sendable {
        let task: BGTask
    }
#endif
