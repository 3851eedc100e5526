#if os(Linux)
import Dispatch
import Foundation
import Logging
import LockOutCore

/// A Wayland compositor's side of focus: how to ask it which process has focus, and how to hear of changes.
/// Calls are synchronous and confined to the sensor's queue.
protocol CompositorFocus: AnyObject {
    /// How the sensor learns focus, as shown to the user.
    var focusMethod: FocusMethod { get }
    /// The process id of the focused window; nil when nothing has focus.
    func focusedProcessID() throws -> Int32?
    /// A new connection on which the compositor tells of window events.
    func subscribe() throws -> UnixStream
    /// Takes the complete events off the start of `buffer` (leaving a partial one) and says whether one of
    /// them changed focus.
    func takeFocusChanges(from buffer: inout [UInt8]) throws -> Bool
}

/// The activity sensor of a compositor that tells focus changes over a socket (sway, Hyprland).
///
/// Told, not polling: `start` watches the compositor's event socket with a dispatch read source on a
/// private queue, so the process wakes only when the compositor writes. `read` asks the compositor
/// synchronously on the same queue.
///
/// ```
///   connected ──(the compositor hangs up, or answers nonsense)──► closed: logged once, `onChange` told once,
///                                                                  no program focused from then on
/// ```
public final class CompositorActivitySensor: ActivitySensing, @unchecked Sendable {
    public var focusMethod: FocusMethod { compositor.focusMethod }
    public var idleMethod: IdleMethod { idle?.idleMethod ?? .none }

    private let compositor: any CompositorFocus
    private let idle: (any IdleSource)?
    private let logger: Logger
    private let queue: DispatchQueue
    private let onQueueKey = DispatchSpecificKey<Bool>()
    /// Confined to `queue`.
    private var isClosed = false
    private var watch: SocketWatch?
    private var events: [UInt8] = []
    private var onChange: (@Sendable () -> Void)?

    init(compositor: any CompositorFocus, idle: (any IdleSource)?, logger: Logger) {
        self.compositor = compositor
        self.idle = idle
        self.logger = logger
        queue = DispatchQueue(label: "lockout.activity.\(compositor.focusMethod.rawValue)")
        queue.setSpecific(key: onQueueKey, value: true)
    }

    deinit {
        watch?.cancel()
    }

    public func start(onChange: @escaping @Sendable () -> Void) {
        onQueue {
            guard !isClosed, watch == nil else { return }
            self.onChange = onChange
            do {
                let stream = try compositor.subscribe()
                watch = SocketWatch(
                    stream: stream, queue: queue,
                    received: { [weak self] bytes in self?.received(bytes) },
                    closed: { [weak self] error in self?.close(because: error) }
                )
            } catch {
                close(because: error)
            }
        }
    }

    public func read() -> ActivityReading {
        let idleNow = idle?.readIdle() ?? IdleReading()
        let program: String? = onQueue {
            guard !isClosed else { return nil }
            do {
                return try compositor.focusedProcessID().flatMap { ProgramNames.name(of: $0) }
            } catch {
                close(because: error)
                return nil
            }
        }
        return ActivityReading(focusedProgram: program, idleSeconds: idleNow.idleSeconds, locked: idleNow.locked)
    }

    public func stop() {
        onQueue {
            onChange = nil
            watch?.cancel()
            watch = nil
        }
    }

    /// Takes events apart and tells `onChange` once per batch that changed focus; on queue.
    private func received(_ bytes: [UInt8]) {
        events += bytes
        do {
            if try compositor.takeFocusChanges(from: &events) { onChange?() }
        } catch {
            close(because: error)
        }
    }

    /// Stops for good after the compositor went away: logs once, tells `onChange` once; on queue.
    private func close(because error: any Error) {
        guard !isClosed else { return }
        isClosed = true
        logger.warning("lost the \(compositor.focusMethod.rawValue) connection; no program counts as focused from now on: \(error)")
        watch?.cancel()
        watch = nil
        if let onChange { queue.async(execute: onChange) }
        onChange = nil
    }

    /// Runs `work` on the queue: inline when already there (a reading from within `onChange`), else waiting for it.
    private func onQueue<Value>(_ work: () -> Value) -> Value {
        if DispatchQueue.getSpecific(key: onQueueKey) == true { return work() }
        return queue.sync(execute: work)
    }
}

/// A compositor said something this client cannot read.
struct CompositorProtocolError: Error, CustomStringConvertible {
    let description: String
}
#endif
