import Foundation
import LockOutCore
import Synchronization

/// Tells each open event stream of a family that something it may read changed, so its device pulls at once:
/// a stream is poked for a commit only when its device may read a record of it, by the change feed's rule, or
/// the change of the key directory it made (`FamilyPoke.reaches`), never for a sibling's records. The decision
/// reads the poke and the stream's device alone, no storage. With several server instances on one PostgreSQL,
/// each instance hears every commit through LISTEN/NOTIFY and publishes it here.
public final class ChangeNotifier: Sendable {
    /// What a stream receives.
    public enum Event: Sendable, Equatable {
        case changed(seq: Int64)
        case heartbeat
    }

    private struct Subscriber {
        let device: Caller
        let continuation: AsyncStream<Event>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    /// A notifier with no streams.
    public init() {}

    /// The number of open streams.
    public var streamCount: Int { subscribers.withLock { $0.count } }

    /// One open stream: its events, and a way to end it.
    public struct Subscription: Sendable {
        /// The commits of its device's family that its device may read, without its own writes, and heartbeats; it
        /// ends with `end()`, when its device is revoked or deleted, or when the consumer stops.
        public let events: AsyncStream<Event>
        fileprivate let continuation: AsyncStream<Event>.Continuation

        /// Ends the stream: its consumer's loop finishes.
        public func end() { continuation.finish() }
    }

    /// A stream of the commits `device` may read: its mode and child name, as authenticated, decide which.
    public func subscribe(_ device: Caller) -> Subscription {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { _ = $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = Subscriber(device: device, continuation: continuation) }
        return Subscription(events: stream, continuation: continuation)
    }

    /// Pokes every stream of `poke.family` whose device the poke reaches (never the writer's).
    public func publish(_ poke: FamilyPoke) {
        let targets = subscribers.withLock { $0.values.filter { $0.device.family == poke.family && poke.reaches($0.device) } }
        for subscriber in targets { subscriber.continuation.yield(.changed(seq: poke.seq)) }
    }

    /// Ends the streams of `device` (revoked or deleted), or of the whole family.
    public func end(family: FamilyID, device: DeviceID? = nil) {
        let targets = subscribers.withLock {
            $0.values.filter { $0.device.family == family && (device == nil || $0.device.device == device) }
        }
        for subscriber in targets { subscriber.continuation.finish() }
    }

    /// Sends every stream a heartbeat, so proxies and clients see the connection live.
    public func heartbeat() {
        for subscriber in subscribers.withLock({ Array($0.values) }) { subscriber.continuation.yield(.heartbeat) }
    }
}
