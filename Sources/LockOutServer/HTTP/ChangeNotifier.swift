import Foundation
import LockOutCore
import Synchronization

/// Tells each open event stream of a family that something changed, so its device pulls at once.
/// With several server instances on one PostgreSQL, each instance hears every commit through
/// LISTEN/NOTIFY and publishes it here.
public final class ChangeNotifier: Sendable {
    /// What a stream receives.
    public enum Event: Sendable, Equatable {
        case changed(seq: Int64)
        case heartbeat
    }

    private struct Subscriber {
        let family: FamilyID
        let device: DeviceID
        let continuation: AsyncStream<Event>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    /// A notifier with no streams.
    public init() {}

    /// The number of open streams.
    public var streamCount: Int { subscribers.withLock { $0.count } }

    /// One open stream: its events, and a way to end it.
    public struct Subscription: Sendable {
        /// `device`'s family's changes, without its own writes, and heartbeats; it ends with `end()`, when its
        /// device is revoked or deleted, or when the consumer stops.
        public let events: AsyncStream<Event>
        fileprivate let continuation: AsyncStream<Event>.Continuation

        /// Ends the stream: its consumer's loop finishes.
        public func end() { continuation.finish() }
    }

    /// A stream of `device`'s family's changes.
    public func subscribe(family: FamilyID, device: DeviceID) -> Subscription {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { _ = $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = Subscriber(family: family, device: device, continuation: continuation) }
        return Subscription(events: stream, continuation: continuation)
    }

    /// Pokes every stream of `poke.family` but the writer's.
    public func publish(_ poke: FamilyPoke) {
        let targets = subscribers.withLock { $0.values.filter { $0.family == poke.family && $0.device != poke.writer } }
        for subscriber in targets { subscriber.continuation.yield(.changed(seq: poke.seq)) }
    }

    /// Ends the streams of `device` (revoked or deleted), or of the whole family.
    public func end(family: FamilyID, device: DeviceID? = nil) {
        let targets = subscribers.withLock { $0.values.filter { $0.family == family && (device == nil || $0.device == device) } }
        for subscriber in targets { subscriber.continuation.finish() }
    }

    /// Sends every stream a heartbeat, so proxies and clients see the connection live.
    public func heartbeat() {
        for subscriber in subscribers.withLock({ Array($0.values) }) { subscriber.continuation.yield(.heartbeat) }
    }
}
