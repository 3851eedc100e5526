import Foundation

/// A response body written piece by piece while the connection stays open (NDJSON live status, later server-sent events).
///
///     open ──finish()──▶ finished (the connection flushes what is buffered, then closes)
///       └──client went away, server stopped──▶ cancelled (buffer dropped, `onCancel` runs once)
///
/// Anyone may `send` from any thread; the connection that serves the response pulls what was sent on its
/// server's event loop, as chunks, whenever the socket takes more. `onCancel` runs on that event loop, so it must
/// not wait for the server; it does not run once the body was finished, because the producer has already let go
/// by then. A stream belongs to one response.
public final class HTTPBodyStream: Hashable, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var onCancel: (@Sendable () -> Void)?
    private var buffered = Data()
    private var finished = false
    private var cancelled = false
    private var wake: (@Sendable () -> Void)?
    private var wakeScheduled = false

    /// A stream that calls `onCancel` once when the client goes away or the server stops before `finish()`.
    public init(onCancel: @escaping @Sendable () -> Void = {}) {
        self.onCancel = onCancel
    }

    /// Appends `data` to the body; buffered until the connection attaches, ignored after `finish()` or cancellation.
    public func send(_ data: Data) {
        guard !data.isEmpty else { return }
        let wake: (@Sendable () -> Void)? = lock.withLock {
            guard !finished, !cancelled else { return nil }
            buffered.append(data)
            return scheduleWake()
        }
        wake?()
    }

    /// Ends the body: the connection flushes what is buffered, then closes; later sends are ignored.
    public func finish() {
        let wake: (@Sendable () -> Void)? = lock.withLock {
            guard !finished, !cancelled else { return nil }
            finished = true
            onCancel = nil
            return scheduleWake()
        }
        wake?()
    }

    /// True once the client went away or the server stopped before the body was finished.
    public var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// Two streams are equal when they are the same stream.
    public static func == (lhs: HTTPBodyStream, rhs: HTTPBodyStream) -> Bool {
        lhs === rhs
    }

    /// Hashes the stream's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Lets the connection know through `wake` (which must hop to its queue) whenever there is something to `take()`.
    func attach(wake: @escaping @Sendable () -> Void) {
        lock.withLock {
            guard !cancelled else { return }
            self.wake = wake
            wakeScheduled = false
        }
    }

    /// What was sent since the last call, and whether the body is finished.
    func take() -> (data: Data, isFinished: Bool) {
        lock.withLock {
            wakeScheduled = false
            let data = buffered
            buffered = Data()
            return (data, finished)
        }
    }

    /// Drops the buffer and the connection, and runs `onCancel` unless the body was finished or already cancelled.
    func cancel() {
        let onCancel: (@Sendable () -> Void)? = lock.withLock {
            buffered = Data()
            wake = nil
            guard !finished, !cancelled else { return nil }
            cancelled = true
            defer { self.onCancel = nil }
            return self.onCancel
        }
        onCancel?()
    }

    /// The wake-up to run after unlocking, unless one is already on its way; call with `lock` held.
    private func scheduleWake() -> (@Sendable () -> Void)? {
        guard let wake, !wakeScheduled else { return nil }
        wakeScheduled = true
        return wake
    }
}

extension HTTPResponse {
    /// A response whose body is written through `stream` and ends when the connection closes.
    public static func stream(_ stream: HTTPBodyStream, contentType: String = "application/x-ndjson", status: Int = 200) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: ["Content-Type": contentType])
        response.bodyStream = stream
        return response
    }
}
