#if os(Linux)
import Dispatch
import Foundation
import Logging
import LockOutCore

/// Whether the focused window is full screen on sway or Hyprland, told by the compositor's events rather
/// than polled.
///
/// `start` subscribes to the compositor's events, then asks it once; from then on only an event wakes the
/// watch (a dispatch read source on a private queue), and it asks again only when the event alone does not
/// settle it. `onChange` hears each change of `isFullScreen`.
///
/// ```
///   idle ──start──► watching ──(an event changes the answer)──► watching, `onChange` told
///                      │
///                      └──(the compositor hangs up, answers nonsense or sends an event that cannot be read)
///                            ──► stopped: logged once, not full screen from then on, `onChange` told if it was
/// ```
public final class CompositorFullScreenWatch: FullScreenWatching, @unchecked Sendable {
    /// Which compositor tells, as the log names it: `sway`, `hyprland`.
    public var method: String { compositor.focusMethod.rawValue }

    private let compositor: any CompositorFullScreen
    private let logger: Logger
    private let queue: DispatchQueue
    private let onQueueKey = DispatchSpecificKey<Bool>()
    // Confined to `queue`.
    private var isStopped = false
    private var watch: SocketWatch?
    private var events: [UInt8] = []
    private var fullScreen = false
    private var onChange: (@Sendable () -> Void)?

    init(compositor: any CompositorFullScreen, logger: Logger) {
        self.compositor = compositor
        self.logger = logger
        queue = DispatchQueue(label: "lockout.deferral.\(compositor.focusMethod.rawValue)")
        queue.setSpecific(key: onQueueKey, value: true)
    }

    deinit {
        watch?.cancel()
    }

    /// Whether the focused window is full screen, as last learnt; false once the watch stopped.
    public var isFullScreen: Bool { onQueue { fullScreen } }

    /// The compositor tells which window has focus.
    public var tellsFocusedProgram: Bool { true }

    /// The focused window's program, asked of the compositor now; nil when no window has focus or the watch stopped.
    public func focusedProgram() -> String? {
        onQueue {
            guard !isStopped else { return nil }
            return (try? compositor.focusedProcessID()).flatMap { $0 }.flatMap { ProgramNames.name(of: $0) }
        }
    }

    /// Starts watching; `onChange` (on the watch's queue) hears each change of `isFullScreen`, the first
    /// one already when the focused window is full screen at the start.
    public func start(onChange: @escaping @Sendable () -> Void) {
        onQueue {
            guard !isStopped, watch == nil else { return }
            self.onChange = onChange
            do {
                // Subscribed first, then asked: a change in between is told by an event still to come.
                let stream = try compositor.subscribeToFullScreenChanges()
                watch = SocketWatch(
                    stream: stream, queue: queue,
                    received: { [weak self] bytes in self?.received(bytes) },
                    closed: { [weak self] error in self?.fail(because: error) }
                )
                learn(try compositor.focusedIsFullScreen())
            } catch {
                fail(because: error)
            }
        }
    }

    public func stop() {
        onQueue {
            onChange = nil
            watch?.cancel()
            watch = nil
            // Nothing tells of changes any more: breaks are not held back by a stopped watch.
            fullScreen = false
        }
    }

    /// Takes events apart and re-evaluates once per batch; on queue.
    private func received(_ bytes: [UInt8]) {
        events += bytes
        do {
            switch try compositor.takeFullScreenNews(from: &events) {
            case .focusedIsFullScreen(let now): learn(now)
            case .askCompositor: learn(try compositor.focusedIsFullScreen())
            case nil: break
            }
        } catch {
            fail(because: error)
        }
    }

    /// Keeps `now` and tells `onChange` when it differs; on queue.
    private func learn(_ now: Bool) {
        guard now != fullScreen else { return }
        fullScreen = now
        logger.debug("focused window \(now ? "went" : "left") full screen (\(method))")
        onChange?()
    }

    /// Stops for good: logs once why, counts nothing as full screen, tells `onChange` if that changed; on queue.
    private func fail(because error: any Error) {
        guard !isStopped else { return }
        isStopped = true
        logger.warning("deferral: stopped watching full screen on \(method); no window counts as full screen from now on: \(error)")
        watch?.cancel()
        watch = nil
        learn(false)
        onChange = nil
    }

    /// Runs `work` on the queue: inline when already there (from within `onChange`), else waiting for it.
    private func onQueue<Value>(_ work: () -> Value) -> Value {
        if DispatchQueue.getSpecific(key: onQueueKey) == true { return work() }
        return queue.sync(execute: work)
    }
}
#endif
