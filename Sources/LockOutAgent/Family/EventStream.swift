import AsyncHTTPClient
import Foundation
import LockOutCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The family server's event stream, read on the HTTP client's event loop: each `ready` or `changed`
/// event calls `poke`; a heartbeat comment only proves the connection alive and wakes nothing else. When
/// the stream ends or fails — or stays silent past the read timeout, the sign of a server gone without a
/// word — `ended` is called with whether any event arrived, and the owner opens it again after a backoff.
final class EventStream: Sendable {
    private let membership: FamilyMembership
    private let client: APIClient
    private let task = Mutex<HTTPClient.Task<Void>?>(nil)

    /// A stream of `membership`'s server; silence longer than `silence` seconds ends it.
    init(membership: FamilyMembership, silence: TimeInterval) {
        self.membership = membership
        client = APIClient(baseURL: membership.server, connectTimeout: 10, readTimeout: silence)
    }

    /// Opens the stream; `poke` runs for each event, `ended` once, on the client's event loop.
    func open(poke: @escaping @Sendable () -> Void, ended: @escaping @Sendable (_ receivedEvents: Bool) -> Void) {
        var headers: HTTPHeaders = ["Accept": "text/event-stream", "Authorization": "Bearer \(membership.token)"]
        headers.add(name: "Cache-Control", value: "no-store")
        do {
            let request = try client.prepare(HTTPRequest(method: .GET, path: "/v1/events", headers: headers))
            let delegate = EventStreamDelegate(poke: poke, ended: ended)
            task.withLock { $0 = client.client.execute(request: request, delegate: delegate) }
        } catch {
            ended(false)
        }
    }

    /// Ends the stream and the client's thread.
    func close() {
        task.withLock { $0?.cancel() }
        client.shutdown()
    }
}

/// Parses server-sent events as they arrive, line by line.
private final class EventStreamDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void
    // Touched on the event loop only.
    private var lines = HTTPLineBuffer()
    private var event: String?
    private var accepted = false
    private var received = false
    private var done = false
    private let poke: @Sendable () -> Void
    private let ended: @Sendable (Bool) -> Void

    init(poke: @escaping @Sendable () -> Void, ended: @escaping @Sendable (Bool) -> Void) {
        self.poke = poke
        self.ended = ended
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        accepted = head.status == .ok
        if !accepted { task.cancel() }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard accepted else { return task.eventLoop.makeSucceededVoidFuture() }
        lines.append(buffer.readableBytesView)
        while let line = lines.nextLine() {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("event:") {
                event = text.dropFirst("event:".count).trimmingCharacters(in: .whitespaces)
            } else if text.isEmpty {
                if event == "ready" || event == "changed" {
                    received = true
                    poke()
                }
                event = nil
            }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        finish()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        finish()
    }

    private func finish() {
        guard !done else { return }
        done = true
        ended(received)
    }
}
