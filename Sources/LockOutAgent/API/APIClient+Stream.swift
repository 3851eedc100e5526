import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// How a streamed response ended.
public enum APIStreamEnd: Equatable, Sendable {
    /// The server ended the body.
    case ended
    /// The server closed the connection before the body's end (the agent stopped).
    case cutShort
    /// `onLine` returned false; the client cancelled the request.
    case stopped
    /// The server answered with a non-2xx status: the whole response, body read to the end.
    case refused(status: Int, body: Data)
}

extension APIClient {
    /// Sends `request` and hands each line of a streamed body (split on "\n", the newline removed, a trailing "\r"
    /// removed) to `onLine` as it arrives, on the calling thread.
    ///
    /// Connecting and receiving the response head must finish within `headTimeout`; after that it waits for body
    /// bytes without any timeout (a status bar may follow a paused session for hours). A last line without a
    /// newline is handed over when the body ends. The body of a refused (non-2xx) answer must also arrive within
    /// `headTimeout` of its head, since it is a short error message, not a stream. The server gets the next part
    /// only once `onLine` has taken the lines of the one before, so a slow reader holds it back instead of piling
    /// up data here.
    public func stream(
        _ request: HTTPRequest,
        headTimeout: TimeInterval,
        onLine: (Data) -> Bool
    ) throws(APIClientError) -> APIStreamEnd {
        let prepared = try prepare(request)
        let inbox = StreamInbox()
        let task = client.execute(request: prepared, delegate: LineStreamDelegate(inbox: inbox))
        defer { inbox.drain() }
        let headDeadline = Date().addingTimeInterval(headTimeout)
        guard case .head(let head)? = try next(from: inbox, until: headDeadline, task: task, timeout: headTimeout) else {
            throw .failed(reason: "the response ended before its head")
        }
        guard (200..<300).contains(head.status.code) else {
            var body = Data()
            let bodyDeadline = Date().addingTimeInterval(headTimeout)
            while case .part(let part, let consumed)? = try next(from: inbox, until: bodyDeadline, task: task, timeout: headTimeout) {
                body.append(contentsOf: part.readableBytesView)
                consumed.succeed()
            }
            return .refused(status: Int(head.status.code), body: body)
        }
        var lines = HTTPLineBuffer()
        while let event = inbox.next(until: nil) {
            switch event {
            case .head:
                continue
            case .part(let part, let consumed):
                lines.append(part.readableBytesView)
                consumed.succeed()
                while let line = lines.nextLine() {
                    guard onLine(line) else {
                        task.cancel()
                        return .stopped
                    }
                }
            case .end:
                if let last = lines.remainder(), !onLine(last) { return .stopped }
                return .ended
            case .failure(let error as HTTPClientError) where error == .remoteConnectionClosed:
                return .cutShort
            case .failure(let error as HTTPParserError) where error == .invalidEOFState:
                return .cutShort  // the connection closed inside a chunked body
            case .failure(let error):
                throw Self.clientError(error, timeout: headTimeout, url: baseURL)
            }
        }
        return .ended  // not reached: waiting without a deadline always brings an event
    }

    /// The next event of the response, nil at its end; cancels the request and throws on a deadline or an error.
    private func next(
        from inbox: StreamInbox, until deadline: Date?, task: HTTPClient.Task<Void>, timeout: TimeInterval
    ) throws(APIClientError) -> StreamInbox.Event? {
        guard let event = inbox.next(until: deadline) else {
            task.cancel()
            throw .timedOut(seconds: timeout)
        }
        switch event {
        case .head, .part: return event
        case .end: return nil
        case .failure(let error): throw Self.clientError(error, timeout: timeout, url: baseURL)
        }
    }
}

/// Hands what AsyncHTTPClient receives for a streamed response, on its event loop, to the thread that waits.
private final class LineStreamDelegate: HTTPClientResponseDelegate {
    typealias Response = Void
    let inbox: StreamInbox

    init(inbox: StreamInbox) {
        self.inbox = inbox
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        inbox.put(.head(head))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    /// Backpressure: the next part is read only once the waiting thread took this one.
    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let consumed = task.eventLoop.makePromise(of: Void.self)
        inbox.put(.part(buffer, consumed: consumed))
        return consumed.futureResult
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        inbox.put(.failure(error))
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        inbox.put(.end)
    }
}

/// A queue from the event loop to one waiting thread.
private final class StreamInbox: @unchecked Sendable {
    enum Event {
        case head(HTTPResponseHead)
        case part(ByteBuffer, consumed: EventLoopPromise<Void>)
        case end
        case failure(any Error)
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var events: [Event] = []
    private var isClosed = false

    /// Queues `event`; once the reader left, a part is let go at once instead.
    func put(_ event: Event) {
        let accepted = condition.withLock {
            guard !isClosed else { return false }
            events.append(event)
            condition.signal()
            return true
        }
        if !accepted, case .part(_, let consumed) = event { consumed.succeed() }
    }

    /// The oldest event, waiting for one until `deadline` (forever when nil); nil when the deadline passed.
    func next(until deadline: Date?) -> Event? {
        condition.withLock {
            while events.isEmpty {
                if let deadline {
                    guard condition.wait(until: deadline) || !events.isEmpty else { return nil }
                } else {
                    condition.wait()
                }
            }
            return events.removeFirst()
        }
    }

    /// Completes the parts nobody will read, now and later, so no promise is left unfulfilled once the reader returns.
    func drain() {
        let left = condition.withLock {
            isClosed = true
            defer { events.removeAll() }
            return events
        }
        for case .part(_, let consumed) in left { consumed.succeed() }
    }
}
