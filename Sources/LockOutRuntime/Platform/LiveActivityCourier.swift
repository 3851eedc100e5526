import Foundation
import LockOutCore

/// The system's Live Activities as the courier sees them: one activity per id, which the person or the system may
/// end at any time. The iPhone app's ActivityKit adapter is the real one; tests record.
@MainActor
public protocol LiveActivitySurface: AnyObject {
    /// What an activity shows.
    associatedtype State: Hashable & Sendable

    /// Shows `state`, stale at `staleDate`, in the activity `id`; false when that activity no longer shows.
    func update(_ id: String, to state: State, staleDate: Date?) async -> Bool
    /// Starts an activity showing `state`; its id, or nil when the system refuses now (Live Activities turned off,
    /// the app not in the foreground, too many activities).
    func request(_ state: State, staleDate: Date?) async -> String?
    /// Ends every activity of the app at once.
    func endAll() async
}

/// Carries what the runtime wants a Live Activity to show to the system, one wish at a time: only the latest wish
/// is carried out, an unchanged one is not sent again, updates are spaced by `LiveStatusThrottle.interval` (the
/// widget counts the seconds itself, so a running session needs none), and the end of a session goes out at once,
/// without waiting for the spacing.
///
/// One activity at a time. An activity the person or the system ended while the session runs is not requested again
/// until the session stops: the person said they don't want it.
@MainActor
public final class LiveActivityCourier<Surface: LiveActivitySurface> {
    /// What the runtime wants shown: the state, or nil for no activity, and when it goes stale.
    private struct Wish: Equatable {
        let state: Surface.State?
        let staleDate: Date?
    }

    private let surface: Surface
    private let wait: @Sendable (Duration) async throws -> Void
    /// The activity this courier shows, by its system id; nil when none.
    public private(set) var activityID: String?
    /// What that activity shows, as last handed to the system.
    private var shown: Wish?
    /// Whether the person or the system ended the activity while the session still runs.
    public private(set) var endedElsewhere = false
    /// The latest wish not yet carried out.
    private var pending: Wish?
    /// The loop carrying out wishes one after another; nil when idle.
    private var worker: Task<Void, Never>?
    /// The wait between two updates; cancelled when the session stops, which must not wait.
    private var spacing: Task<Void, Never>?

    /// A courier to `surface`; `wait` sleeps between two updates (injected by tests).
    public init(surface: Surface, wait: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.surface = surface
        self.wait = wait
    }

    /// At launch: the activity a previous run left still showing `state`, kept as this courier's.
    public func resume(id: String, showing state: Surface.State, staleDate: Date?) {
        activityID = id
        shown = Wish(state: state, staleDate: staleDate)
    }

    /// Whether every wish handed over so far has been carried out and no spacing runs.
    public var isIdle: Bool { worker == nil }

    /// Shows `state`, stale at `staleDate`, or ends the activity when `state` is nil (no session runs).
    public func show(_ state: Surface.State?, staleDate: Date?) {
        pending = Wish(state: state, staleDate: state == nil ? nil : staleDate)
        if state == nil { spacing?.cancel() }
        guard worker == nil else { return }
        worker = Task { await drain() }
    }

    private func drain() async {
        while let next = pending {
            pending = nil
            guard next != shown || activityID == nil else { continue }
            if await carryOut(next) {
                let spacingTask = Task { [wait] in _ = try? await wait(.seconds(LiveStatusThrottle.interval)) }
                spacing = spacingTask
                await spacingTask.value
                spacing = nil
            }
        }
        worker = nil
    }

    /// Hands `wish` to the system; whether an activity was requested or updated (and the next must wait).
    private func carryOut(_ wish: Wish) async -> Bool {
        guard let state = wish.state else {
            await surface.endAll()
            (activityID, shown, endedElsewhere) = (nil, nil, false)
            return false
        }
        if let activityID {
            if await surface.update(activityID, to: state, staleDate: wish.staleDate) {
                shown = wish
                return true
            }
            (self.activityID, shown, endedElsewhere) = (nil, nil, true)
        }
        guard !endedElsewhere, let id = await surface.request(state, staleDate: wish.staleDate) else { return false }
        activityID = id
        shown = wish
        return true
    }
}
