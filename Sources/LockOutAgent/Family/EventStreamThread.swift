import Foundation
import LockOutCore
import Logging
import NIOHTTP1
import Synchronization

/// Holds the family server's event stream open on a thread of its own and calls `poke` for each event
/// (the first, `ready`, and every `changed`). A stream that ends, fails, or stays silent longer than
/// `silence` is opened again after a backoff; while connected, the thread sleeps on the socket.
final class EventStreamThread: Sendable {
    private let membership: FamilyMembership
    private let silence: TimeInterval
    private let logger: Logger
    private let poke: @Sendable () -> Void
    private let state = Mutex<(stopped: Bool, client: APIClient?)>((false, nil))
    private let wake = DispatchSemaphore(value: 0)

    init(membership: FamilyMembership, silence: TimeInterval, logger: Logger, poke: @escaping @Sendable () -> Void) {
        self.membership = membership
        self.silence = silence
        self.logger = logger
        self.poke = poke
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "lockout.sync.events"
        thread.start()
    }

    func stop() {
        let client = state.withLock { state in
            state.stopped = true
            return state.client
        }
        client?.shutdown()
        wake.signal()
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func run() {
        var failures = 0
        while !isStopped {
            let client = APIClient(baseURL: membership.server, connectTimeout: 10)
            state.withLock { $0.client = client }
            let watchdog = Watchdog(after: silence) { client.shutdown() }
            let outcome = listen(client, watchdog: watchdog)
            watchdog.cancel()
            client.shutdown()
            if isStopped { return }
            failures = outcome ? 0 : failures + 1
            let delay = RetryBackoff.delay(afterAttempt: max(failures, 1), jitter: Double.random(in: 0..<1))
            logger.info("event stream closed; reopening", metadata: ["in": "\(Int(delay)) s"])
            _ = wake.wait(timeout: .now() + delay)
        }
    }

    /// Reads the stream until it ends; true when it was open for a while (a normal close).
    private func listen(_ client: APIClient, watchdog: Watchdog) -> Bool {
        var headers: HTTPHeaders = ["Accept": "text/event-stream", "Authorization": "Bearer \(membership.token)"]
        headers.add(name: "Cache-Control", value: "no-store")
        let request = HTTPRequest(method: .GET, path: "/v1/events", headers: headers)
        var event: String?
        var received = false
        do {
            let end = try client.stream(request, headTimeout: 20) { line in
                watchdog.reset()
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
                return !isStopped
            }
            if case .refused(let status, _) = end { logger.notice("event stream refused", metadata: ["status": "\(status)"]) }
        } catch {
            logger.info("event stream failed", metadata: ["error": "\(error)"])
        }
        return received
    }
}

/// Calls `fire` once when `reset` has not been called for `after` seconds; a timer on a private queue,
/// rescheduled on each reset, so it wakes nobody while data flows.
final class Watchdog: @unchecked Sendable {  // a dispatch source is safe to schedule from any thread
    private let source: any DispatchSourceTimer
    private let after: TimeInterval

    init(after: TimeInterval, fire: @escaping @Sendable () -> Void) {
        self.after = after
        source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "lockout.sync.watchdog"))
        source.setEventHandler(handler: fire)
        source.schedule(deadline: .now() + after)
        source.resume()
    }

    func reset() { source.schedule(deadline: .now() + after) }
    func cancel() { source.cancel() }
}
