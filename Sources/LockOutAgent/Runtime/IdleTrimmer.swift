import Foundation

/// Gives the executable's clean code pages back a few seconds after a burst of activity ends — an API
/// request, a sync round — as `StartupPages` does once after start-up.
///
/// Why: the kernel maps code around every page a fault brings in, so each command the agent serves leaves
/// pages of the binary resident that the sleeping agent never runs again; the idle agent's memory would
/// grow with what it once did. One timer, armed only after activity: a quiet agent is not woken.
public final class IdleTrimmer: @unchecked Sendable {
    /// Quiet this long after the last activity, the pages go.
    public static let quiet: DispatchTimeInterval = .seconds(5)

    private let queue = DispatchQueue(label: "lockout.trim")
    private let timer: any DispatchSourceTimer
    private let release: @Sendable () -> Void

    /// A trimmer that calls `release` (by default `StartupPages.release`) once things are quiet.
    public init(release: @escaping @Sendable () -> Void = { StartupPages.release() }) {
        self.release = release
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler(handler: release)
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    deinit { timer.cancel() }

    /// Something ran: trim `quiet` after the last such call.
    public func noteActivity() {
        timer.schedule(deadline: .now() + Self.quiet, leeway: .seconds(1))
    }
}
