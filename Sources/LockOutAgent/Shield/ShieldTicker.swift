import Foundation

/// The shield's periodic scan, run on a thread of its own that sleeps until the next tick.
///
/// A dispatch timer would wake libdispatch's manager thread and start a worker thread for each tick, which
/// exits again 5 s later: three wake-ups for one scan a minute. This thread waits on a condition with a
/// timeout — one wake-up per tick — and runs `tick` itself (the shield's `queue.sync` runs the block on the
/// calling thread when the queue is free).
final class ShieldTicker: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var interval: TimeInterval
    private var next: Date
    private var cancelled = false

    /// Starts ticking every `interval` seconds, the first tick one interval from now.
    init(interval: TimeInterval, tick: @escaping @Sendable () -> Void) {
        self.interval = interval
        next = Date().addingTimeInterval(interval)
        let thread = Thread { [self] in run(tick) }
        thread.name = "lockout.shield.ticker"
        thread.start()
    }

    /// Ticks every `interval` from now on, the next tick one interval from now.
    func schedule(interval: TimeInterval) {
        condition.lock()
        self.interval = interval
        next = Date().addingTimeInterval(interval)
        condition.signal()
        condition.unlock()
    }

    /// Stops ticking; a tick already running finishes, and the thread ends.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.signal()
        condition.unlock()
    }

    private func run(_ tick: @Sendable () -> Void) {
        condition.lock()
        while !cancelled {
            if Date() < next {
                _ = condition.wait(until: next)
                continue  // woken early (rescheduled, cancelled) or on time: look again
            }
            next = Date().addingTimeInterval(interval)
            condition.unlock()
            tick()
            condition.lock()
        }
        condition.unlock()
    }
}
