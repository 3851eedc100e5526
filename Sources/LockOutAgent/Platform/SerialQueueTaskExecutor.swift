import Foundation

/// Runs tasks that prefer it on one private serial dispatch queue instead of Swift's global concurrent executor.
///
/// Why it exists: on Linux, the first job that runs on a worker of libdispatch's global (non-overcommit)
/// pool — any `DispatchQueue.global()` work, or an async function on the global concurrent executor — starts
/// libdispatch's worker-pool monitor, a timer that wakes the process every second for as long as it lives
/// (swift-corelibs-libdispatch `src/event/workqueue.c`). A task started with
/// `Task(executorPreference: executor)` runs its nonisolated async code, and the default actors it calls,
/// here instead, so an idle agent stays asleep.
@available(macOS 15.0, iOS 18.0, *)
public final class SerialQueueTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    /// Creates the executor with its own serial queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `job` on the queue, one job at a time.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
