import Foundation
import LockOutRuntime
import NIOCore
import Synchronization

/// Gives the executable's clean code pages back a few seconds after a burst of activity ends — an API
/// request, a sync round — as `StartupPages` does once after start-up.
///
/// Why: the kernel maps code around every page a fault brings in, so each command the agent serves leaves
/// pages of the binary resident that the sleeping agent never runs again; the idle agent's memory would
/// grow with what it once did. The timer is a task on the API server's event loop, armed only after
/// activity: no thread is started for it, and a quiet agent is not woken.
public final class IdleTrimmer: Sendable {
    /// Quiet this long after the last activity, the pages go.
    public static let quiet: TimeAmount = .seconds(5)

    private struct State {
        var loop: (any EventLoop)?
        var pending: Scheduled<Void>?
    }

    private let state = Mutex(State())
    private let release: @Sendable () -> Void

    /// A trimmer that calls `release` (by default `StartupPages.release`) once things are quiet.
    public init(release: @escaping @Sendable () -> Void = { StartupPages.release() }) {
        self.release = release
    }

    /// Runs the timer on `loop` from now on; activity noted before is forgotten.
    public func attach(to loop: any EventLoop) {
        state.withLock { $0.loop = loop }
    }

    /// Something ran: trim `quiet` after the last such call.
    public func noteActivity() {
        guard let loop = state.withLock({ $0.loop }) else { return }
        loop.execute { [self] in
            let release = release
            state.withLock { state in
                state.pending?.cancel()
                state.pending = loop.scheduleTask(in: Self.quiet) { release() }
            }
        }
    }
}

/// A deadline waiter that tells `trimmer` of each event it delivers, after the event was handled: a break
/// falling due, a focus segment ending and a clock change are bursts of work like an API request.
final class TrimmingDeadlineWaiter: DeadlineWaiting, @unchecked Sendable {
    private let base: any DeadlineWaiting
    private let trimmer: IdleTrimmer

    init(_ base: any DeadlineWaiting, trimmer: IdleTrimmer) {
        self.base = base
        self.trimmer = trimmer
    }

    var onEvent: (@Sendable (DeadlineEvent) -> Void)? {
        get { base.onEvent }
        set {
            guard let handle = newValue else {
                base.onEvent = nil
                return
            }
            let trimmer = trimmer
            base.onEvent = { @Sendable event in
                handle(event)
                trimmer.noteActivity()
            }
        }
    }

    func arm(at deadline: Date?) {
        base.arm(at: deadline)
    }
}
