import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Why a request didn't get a response.
public enum APIClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing listens at the address: for the agent's API, no agent runs, so the CLI may open the database itself.
    case connectionRefused(host: String, port: Int)
    /// No whole response (or, for a stream, no response head) within the time allowed.
    case timedOut(seconds: Double)
    /// The request could not be sent or its answer not read; `reason` says what failed.
    case failed(reason: String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .connectionRefused(let host, let port): "nothing answers on \(host):\(port)"
        case .timedOut(let seconds): "no answer within \(seconds) s"
        case .failed(let reason): "the request failed: \(reason)"
        }
    }
}

/// A blocking client of one HTTP API at a base URL (the agent's `http://127.0.0.1:PORT`, later a family
/// server over HTTPS), on AsyncHTTPClient with an event loop thread of its own.
///
/// Made for synchronous callers such as the CLI's commands: each call waits on the calling thread, so nothing
/// touches Swift's global executor. Connections are kept and reused between calls. `shutdown()` (or the last
/// reference going away) closes them and ends the thread, leaving nothing that could wake the process.
/// Never call it from the client's own event loop.
public final class APIClient: Sendable {
    /// Where every request's path is resolved: scheme, host and port.
    public let baseURL: URL

    let client: HTTPClient
    let group: MultiThreadedEventLoopGroup
    private let connectTimeout: TimeAmount
    private let isShutDown = Mutex(false)

    /// The largest body of a whole response accepted.
    static let maxResponseBytes = 64 << 20

    /// A client for `baseURL` whose connections must be established within `connectTimeout` seconds; with
    /// `readTimeout`, a connection on which nothing arrives for that long fails (a stream whose server vanished).
    public init(baseURL: URL, connectTimeout: TimeInterval = 10, readTimeout: TimeInterval? = nil) {
        self.baseURL = baseURL
        self.connectTimeout = .nanoseconds(Int64(connectTimeout * 1e9))
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let read = readTimeout.map { TimeAmount.nanoseconds(Int64($0 * 1e9)) }
        var configuration = HTTPClient.Configuration(timeout: .init(connect: self.connectTimeout, read: read))
        configuration.connectionPool.retryConnectionEstablishment = false  // a refused connection says "no agent" at once
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
    }

    deinit {
        shutdown()
    }

    /// Sends `request` and waits at most `timeout` seconds in all for the whole response, whatever its status.
    public func send(_ request: HTTPRequest, timeout: TimeInterval) throws(APIClientError) -> HTTPResponse {
        let prepared = try prepare(request)
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1e9))
        let delegate = ResponseAccumulator(request: prepared, maxBodySize: Self.maxResponseBytes)
        do {
            let answer = try client.execute(request: prepared, delegate: delegate, deadline: deadline).wait()
            let body = answer.body.map { Data($0.readableBytesView) } ?? Data()
            return HTTPResponse(status: Int(answer.status.code), headers: answer.headers, body: body)
        } catch {
            throw Self.clientError(error, timeout: timeout, url: baseURL)
        }
    }

    /// Closes every connection and ends the event loop thread; later requests fail. Waits until both are done.
    public func shutdown() {
        let wasShutDown = isShutDown.withLock { shutDown in
            defer { shutDown = true }
            return shutDown
        }
        guard !wasShutDown else { return }
        let done = DispatchSemaphore(value: 0)
        // AsyncHTTPClient's and NIO's blocking shutdowns call back on DispatchQueue.global(), whose first use
        // starts libdispatch's once-a-second monitor for good; a private queue keeps the agent asleep.
        let queue = DispatchQueue(label: "lockout.http-client.shutdown")
        client.shutdown(queue: queue) { _ in done.signal() }
        done.wait()
        HTTPServer.shutDown(group)
    }

    /// The AsyncHTTPClient request for `request`: its path and query under `baseURL`.
    func prepare(_ request: HTTPRequest) throws(APIClientError) -> HTTPClient.Request {
        var target = baseURL.absoluteString
        if target.hasSuffix("/") { target.removeLast() }
        target += Self.percentEncoded(request.path, keeping: "/")
        if !request.query.isEmpty {
            target += "?" + request.query.sorted { $0.key < $1.key }
                .map { Self.percentEncoded($0.key) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
        }
        do {
            guard let url = URL(string: target) else { throw APIClientError.failed(reason: "not a URL: \(target)") }
            let body = request.body.isEmpty && request.method == .GET ? nil : HTTPClient.Body.byteBuffer(ByteBuffer(bytes: request.body))
            return try HTTPClient.Request(url: url, method: request.method, headers: request.headers, body: body)
        } catch let error as APIClientError {
            throw error
        } catch {
            throw .failed(reason: "\(error)")
        }
    }

    /// `text` with every byte outside the unreserved set (and `keeping`) percent-encoded.
    private static func percentEncoded(_ text: String, keeping: String = "") -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8).union(keeping.utf8)
        return text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }

    /// The `APIClientError` for what AsyncHTTPClient or NIO threw.
    static func clientError(_ error: any Error, timeout: TimeInterval, url: URL) -> APIClientError {
        if let error = error as? APIClientError { return error }
        if isConnectionRefused(error) { return .connectionRefused(host: url.host ?? "", port: url.port ?? 80) }
        if let error = error as? HTTPClientError,
           [.deadlineExceeded, .connectTimeout, .readTimeout, .getConnectionFromPoolTimeout].contains(error) {
            return .timedOut(seconds: timeout)
        }
        return .failed(reason: "\(error)")
    }

    private static func isConnectionRefused(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == ECONNREFUSED }
        if let error = error as? NIOConnectionError { return error.connectionErrors.contains { isConnectionRefused($0.error) } }
        return false
    }
}
