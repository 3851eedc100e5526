import Foundation

/// Wakes at a wall-clock deadline through a `DispatchSourceTimer` scheduled with a `wallDeadline`.
///
/// The fallback where `timerfd` is missing (macOS, other systems): a wall-clock dispatch timer still fires
/// at the right instant after a suspend, but clock changes are not reported, so it never sends `.clockChanged`.
public final class WallClockDeadlineTimer: DeadlineWaiting, @unchecked Sendable {
    private let queue = DispatchQueue(label: "lockout.deadline")
    private let timer: any DispatchSourceTimer
    private let lock = NSLock()
    // Guarded by `lock`.
    private var deadline: Date?
    private var handler: (@Sendable (DeadlineEvent) -> Void)?

    /// Creates the timer; it starts disarmed.
    public init() {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(wallDeadline: .distantFuture)
        timer.setEventHandler { [weak self] in self?.timerFired() }
        timer.activate()
    }

    deinit {
        timer.cancel()
    }

    /// Called on a private serial queue with each event.
    public var onEvent: (@Sendable (DeadlineEvent) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// Schedules the timer at `deadline`, replacing the previous one; `nil` disarms.
    public func arm(at deadline: Date?) {
        lock.withLock {
            self.deadline = deadline
            if let deadline {
                timer.schedule(wallDeadline: Self.wallTime(for: deadline), leeway: .milliseconds(1))
            } else {
                timer.schedule(wallDeadline: .distantFuture)
            }
        }
    }

    private func timerFired() {
        let due: Bool = lock.withLock {
            // A firing of a deadline that was replaced just before may still be queued; only a deadline
            // that has really passed counts.
            guard let deadline, deadline.timeIntervalSinceNow <= 0.005 else { return false }
            self.deadline = nil
            timer.schedule(wallDeadline: .distantFuture)
            return true
        }
        guard due, let handler = onEvent else { return }
        handler(.deadlineReached)
    }

    private static func wallTime(for date: Date) -> DispatchWallTime {
        // Dispatch reads wall times near zero as special values, so anything that early becomes one second
        // after the epoch: just as far in the past, and it fires at once.
        let seconds = min(max(date.timeIntervalSince1970, 1), 1e12)
        let whole = seconds.rounded(.down)
        let nanoseconds = min(Int((seconds - whole) * 1e9), 999_999_999)
        return DispatchWallTime(timespec: timespec(tv_sec: Int(whole), tv_nsec: nanoseconds))
    }
}
