#if canImport(CSystemd)
import Foundation

/// What wakes the session bus's queue: the socket becoming readable, the socket becoming writable
/// while output waits, and sd-bus's next deadline while a call waits for its reply. Nothing else:
/// with no call pending and nothing to write, only the read source is armed, and it sleeps.
///
/// The sources watch a duplicate of sd-bus's descriptor, closed when they are cancelled, so sd-bus
/// closing its own on a disconnect never leaves a source on a number the process may reuse.
/// Confined to the bus's queue.
final class SessionBusWatch {
    private let fd: Int32
    private let queue: DispatchQueue
    private let wake: @Sendable () -> Void
    private let read: any DispatchSourceRead
    private let write: any DispatchSourceWrite
    private var isWriteResumed = false
    private var timer: (any DispatchSourceTimer)?
    private var timerDeadline: UInt64?

    /// Watches a duplicate of `busFD` on `queue`, calling `wake` there on each event.
    init(fd busFD: Int32, queue: DispatchQueue, wake: @escaping @Sendable () -> Void) throws(DBusError) {
        let fd = fcntl(busFD, F_DUPFD_CLOEXEC, 0)
        guard fd >= 0 else { throw DBusError.local("duplicating the bus socket", errno: errno) }
        self.fd = fd
        self.queue = queue
        self.wake = wake
        read = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        write = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        read.setEventHandler(handler: wake)
        write.setEventHandler(handler: wake)
        // Both sources must be cancelled before the descriptor closes; the read source closes it.
        let writeCancelled = DispatchGroup()
        writeCancelled.enter()
        write.setCancelHandler { writeCancelled.leave() }
        read.setCancelHandler { writeCancelled.notify(queue: queue) { close(fd) } }
        read.activate()
    }

    /// Resumes the write source while sd-bus has output waiting, suspends it once written.
    func setWritable(_ wanted: Bool) {
        guard wanted != isWriteResumed else { return }
        isWriteResumed = wanted
        if wanted { write.resume() } else { write.suspend() }
    }

    /// Arms the timer for `deadline` (CLOCK_MONOTONIC microseconds, as sd-bus gives it) or, given nil, removes it.
    func setDeadline(_ deadline: UInt64?) {
        guard deadline != timerDeadline else { return }
        timerDeadline = deadline
        timer?.cancel()
        timer = nil
        guard let deadline else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        let delay = deadline > nowMicroseconds ? deadline - nowMicroseconds : 0
        let source = DispatchSource.makeTimerSource(queue: queue)
        let wake = wake
        source.setEventHandler { [weak self] in
            self?.timerDeadline = nil  // fired: the next update arms it again if sd-bus still waits
            wake()
        }
        source.schedule(deadline: .now() + .microseconds(Int(min(delay, UInt64(Int32.max)))), leeway: .milliseconds(1))
        source.activate()
        timer = source
    }

    /// Stops every source; the duplicate descriptor closes once they are gone.
    func cancel() {
        timer?.cancel()
        timer = nil
        // A suspended or never-started source must run before it may be cancelled and released.
        if !isWriteResumed {
            isWriteResumed = true
            write.resume()
        }
        write.cancel()
        read.cancel()
    }
}
#endif
