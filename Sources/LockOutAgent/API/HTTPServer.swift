import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the agent's local API: one request per connection, answered
/// with `Connection: close`, either whole or as a body streamed through an `HTTPBodyStream` until it finishes.
///
/// Everything is event-driven on one serial queue: a dispatch read source accepts on the non-blocking
/// listening socket, and each connection reads and writes through its own sources, so an idle server costs
/// nothing. Requests that are malformed get 400, bodies over the limit 413; each request is handed to the
/// async `handler`, which on Linux runs on the server's own `SerialQueueExecutor` (see there why).
public final class HTTPServer: @unchecked Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The port the server listens on (the one the system picked when 0 was asked for).
    public let port: Int

    private let listener: Int32
    private let queue = DispatchQueue(label: "lockout.http")
    private let acceptSource: any DispatchSourceRead
    private let listenerClosed = DispatchSemaphore(value: 0)
    private let limits: HTTPConnection.Limits
    private let handler: Handler
    private let logger: Logger
    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()
    // Confined to `queue`.
    private var connections: [ObjectIdentifier: HTTPConnection] = [:]
    private var isStopped = false

    /// Listens on `127.0.0.1:port` (0 picks a free port) and serves each request with `handler`.
    public convenience init(
        port: Int = 0,
        maxBodyBytes: Int = 1 << 20,
        logger: Logger = Logger(label: "lockout.http"),
        handler: @escaping Handler
    ) throws(SocketError) {
        try self.init(port: port, maxBodyBytes: maxBodyBytes, requestTimeout: 10, logger: logger, handler: handler)
    }

    /// Like the public initializer, with the time a client gets to send a whole request (tests shorten it).
    init(
        port: Int,
        maxBodyBytes: Int,
        requestTimeout: TimeInterval,
        logger: Logger = Logger(label: "lockout.http"),
        handler: @escaping Handler
    ) throws(SocketError) {
        let listener = try LoopbackSocket.make()
        do throws(SocketError) {
            self.port = try Self.bindAndListen(listener, port: port)
        } catch {
            close(listener)
            throw error
        }
        self.listener = listener
        #if os(Linux)
        self.limits = HTTPConnection.Limits(
            maxBodyBytes: maxBodyBytes,
            requestTimeout: requestTimeout,
            handlerExecutor: SerialQueueExecutor(label: "lockout.http.handlers")
        )
        #else
        self.limits = HTTPConnection.Limits(maxBodyBytes: maxBodyBytes, requestTimeout: requestTimeout)
        #endif
        self.handler = handler
        self.logger = logger
        acceptSource = DispatchSource.makeReadSource(fileDescriptor: listener, queue: queue)
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(queue))
        let closed = listenerClosed
        acceptSource.setCancelHandler {
            close(listener)
            closed.signal()
        }
        acceptSource.setEventHandler { [weak self] in self?.acceptPending() }
        acceptSource.activate()
    }

    deinit {
        stop()
    }

    /// Closes the listening socket (new connections are refused once this returns) and drops open connections,
    /// cancelling their streams.
    public func stop() {
        let onQueue = DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(queue)
        let shutdown = { [self] in
            guard !isStopped else { return false }
            isStopped = true
            acceptSource.cancel()
            for connection in connections.values { connection.close() }
            connections.removeAll()
            return true
        }
        if onQueue {
            _ = shutdown()  // the cancel handler closes the socket right after this block
        } else if queue.sync(execute: shutdown) {
            listenerClosed.wait()
        }
    }

    private static func bindAndListen(_ fd: Int32, port: Int) throws(SocketError) -> Int {
        guard (0...65535).contains(port) else { throw SocketError(call: "bind", code: EINVAL) }
        var reuse: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackSocket.address(port: port)
        guard LoopbackSocket.withSocketAddress(&address, { bind(fd, $0, $1) }) == 0 else {
            throw SocketError(call: "bind", code: errno)
        }
        guard listen(fd, 64) == 0 else { throw SocketError(call: "listen", code: errno) }
        LoopbackSocket.setNonBlocking(fd)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw SocketError(call: "getsockname", code: errno) }
        return Int(UInt16(bigEndian: bound.sin_port))
    }

    private func acceptPending() {
        while !isStopped {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno != EAGAIN, errno != EWOULDBLOCK {
                    logger.error("accept failed", metadata: ["errno": "\(errno)"])
                }
                return
            }
            LoopbackSocket.configure(fd)
            LoopbackSocket.setNonBlocking(fd)
            let connection = HTTPConnection(fd: fd, queue: queue, limits: limits, handler: handler, logger: logger)
            let id = ObjectIdentifier(connection)
            connections[id] = connection
            connection.start { [weak self] in self?.connections[id] = nil }
        }
    }
}
