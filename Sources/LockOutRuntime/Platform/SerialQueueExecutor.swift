import Foundation

/// Runs jobs on one private serial dispatch queue: as an actor's executor, and as the preferred
/// executor of the tasks that call it, so none of the agent's work touches Swift's global executor.
///
/// Why it exists: on Linux, the first job that runs on a worker of libdispatch's global (non-overcommit)
/// pool — any `DispatchQueue.global()` work, or an async function on the global concurrent executor — starts
/// libdispatch's worker-pool monitor, a timer that wakes the process every second for as long as it lives
/// (swift-corelibs-libdispatch `src/event/workqueue.c`). Work kept on private serial queues never
/// starts it, so an idle agent stays asleep.
public final class SerialQueueExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    /// Creates the executor with its own serial queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `job` on the queue, one job at a time.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
        }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Runs `operation` on this executor and blocks the calling thread until it finishes; for
    /// synchronous entry points (the program's main thread) that must not touch the global executor.
    public func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        Task(executorPreference: self) {
            do { box.result = .success(try await operation()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

/// Carries a result from a task to the thread that waits for it.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Value, any Error>?

    var result: Result<Value, any Error>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func get() throws -> Value {
        guard let result else { throw CancellationError() }
        return try result.get()
    }
}
