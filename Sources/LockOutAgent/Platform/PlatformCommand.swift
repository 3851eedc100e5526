import Foundation

/// Finds and runs the small desktop tools the Linux adapters lean on (`notify-send`, `gdbus`, `stdbuf`).
enum PlatformCommand {
    /// Where timeouts run. Not `DispatchQueue.global()`: on Linux, once work has run there, libdispatch's
    /// worker-pool monitor wakes the process every second for good.
    private static let expiries = DispatchQueue(label: "lockout.platform-command")

    /// The first executable named `name` on `environment["PATH"]`.
    static func find(_ name: String, environment: [String: String]) -> URL? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with its output discarded and waits for its exit status, nil when it couldn't start
    /// or didn't finish within `timeout`. Blocks the caller; for one-off checks like `isAvailable`.
    static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        timeout: TimeInterval
    ) -> Int32? {
        let exited = DispatchSemaphore(value: 0)
        let status = LockedValue<Int32?>(nil)
        start(executable, arguments, environment: environment, timeout: timeout) { result in
            status.set(result)
            exited.signal()
        }
        exited.wait()
        return status.get()
    }

    /// Runs `executable` with its output discarded; `completion` gets its exit status, or nil when it couldn't
    /// start or didn't finish within `timeout` (it is terminated then). Returns at once.
    static func start(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        timeout: TimeInterval,
        completion: @escaping @Sendable (Int32?) -> Void
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = LockedValue(false)
        let expiry = DispatchWorkItem {
            guard finished.exchange(true) == false else { return }
            process.terminate()
            completion(nil)
        }
        let pendingExpiry = LockedValue<DispatchWorkItem?>(expiry)  // so the handler may cancel it
        process.terminationHandler = { ended in
            guard finished.exchange(true) == false else { return }
            pendingExpiry.get()?.cancel()
            completion(ended.terminationStatus)
        }
        do {
            try launch(process)
        } catch {
            completion(nil)
            return
        }
        expiries.asyncAfter(deadline: .now() + timeout, execute: expiry)
    }
}

extension PlatformCommand {
    /// Starts `process` with no signal blocked in it.
    ///
    /// Foundation's `Process` on Linux passes the calling thread's signal mask on to the child
    /// (swift-corelibs-foundation#4772), and dispatch and Swift concurrency threads block nearly every signal,
    /// so a child started from them would never see SIGTERM or SIGINT. The mask is cleared on this thread
    /// for the moment of the spawn only.
    static func launch(_ process: Process) throws {
        #if os(Linux)
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        #endif
        try process.run()
    }
}

/// A value behind a lock, for handing results between threads.
private final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value {
        lock.withLock { value }
    }

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    /// Stores `newValue` and returns what was there.
    func exchange(_ newValue: Value) -> Value {
        lock.withLock {
            let old = value
            value = newValue
            return old
        }
    }
}
