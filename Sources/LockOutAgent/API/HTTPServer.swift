import Foundation
import LockOutRuntime
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The agent's HTTP/1.1 server on 127.0.0.1, on SwiftNIO's HTTP pipeline (the llhttp parser) with one event
/// loop thread of its own.
///
/// Each connection gets the NIOHTTP1 decoder and encoder, NIO's pipelining helper (one request at a time) and
/// an `HTTPConnectionHandler`, which guards the request (Host, limits, time; see `HTTPRefusal`) and hands it to
/// the async `handler` on the server's `SerialQueueExecutor`, never on the global executor (see there why).
/// Connections are kept alive between requests; a streamed response closes its connection when it ends.
/// An idle server costs nothing: the event loop sleeps in `epoll_wait`, and timers run only while a
/// connection is waiting for a request.
public final class HTTPServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// How much and how long a client may send.
    public struct Limits: Equatable, Sendable {
        /// The largest body accepted, in bytes (413 past it).
        public var maxBodyBytes = 1 << 20
        /// The largest header section (request line and field names and values), in bytes (431 past it).
        public var maxHeaderBytes = 16 << 10
        /// The most header fields (431 past it).
        public var maxHeaderFields = 100
        /// The time a client gets to send a whole request (408 past it), and an idle kept-alive connection stays open.
        public var requestTimeout: TimeAmount = .seconds(10)
        /// How long the server reads and discards what a refused client still sends before it closes.
        public var drainTimeout: TimeAmount = .seconds(2)

        /// The default limits.
        public init() {}

        /// The header limits as NIOHTTP1's decoder enforces them (`HTTPParserError.headerOverflow` past them).
        var decoderLimits: NIOHTTPDecoderLimitConfiguration {
            var decoder = NIOHTTPDecoderLimitConfiguration()
            decoder.maxHeaderListSize = maxHeaderBytes
            decoder.maxHeaderFieldSize = maxHeaderBytes
            decoder.maxHeaderFieldCount = maxHeaderFields
            return decoder
        }
    }

    /// The port the server listens on (the one the system picked when 0 was asked for).
    public let port: Int

    /// The server's one event loop: other work of the agent that wants no thread of its own can run there.
    public var eventLoop: any EventLoop { group.next() }

    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    private let gate: LoopGate
    private let isStopped = Mutex(false)

    /// Listens on `127.0.0.1:port` (0 picks a free port) and serves each request with `handler`.
    public init(
        port: Int = 0,
        limits: Limits = Limits(),
        logger: Logger = Logger(label: "lockout.http"),
        handler: @escaping Handler
    ) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let gate = LoopGate(loop: group.next())
        let executor = SerialQueueExecutor(label: "lockout.http.handlers")
        let hosts = HostCheck()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel.pipeline.syncOperations, handler: HTTPConnectionHandler(
                        limits: limits, hosts: hosts, executor: executor, gate: gate, logger: logger, handler: handler
                    ))
                }
            }
        do {
            listener = try bootstrap.bind(to: SocketAddress(ipAddress: "127.0.0.1", port: port)).wait()
        } catch {
            Self.shutDown(group)
            throw error
        }
        self.port = listener.localAddress?.port ?? port
        hosts.allow(port: self.port)
        self.group = group
        self.gate = gate
    }

    deinit {
        stop()
    }

    /// Closes the listening socket (new connections are refused once this returns) and every open connection,
    /// cancelling their streams, then ends the event loop thread. Must not be called on the event loop.
    public func stop() {
        let wasStopped = isStopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        gate.close()
        Self.shutDown(group)  // closes the listener and every connection on the loop first
    }

    /// Adds NIOHTTP1's server handlers with `handler`'s limits, then `handler`, to a connection's pipeline.
    static func configure(_ pipeline: ChannelPipeline.SynchronousOperations, handler: HTTPConnectionHandler) throws {
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: true,
            withErrorHandling: false,  // HTTPConnectionHandler answers parser errors, with 431 where due
            withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: handler.limits.decoderLimits
        )
        try pipeline.addHandler(handler)
    }

    /// Ends `group`'s thread and waits for it, calling back on a private queue: NIO's own `syncShutdownGracefully`
    /// would call back on `DispatchQueue.global()`, which would start libdispatch's once-a-second monitor for good.
    static func shutDown(_ group: MultiThreadedEventLoopGroup) {
        let done = DispatchSemaphore(value: 0)
        group.shutdownGracefully(queue: DispatchQueue(label: "lockout.http.shutdown")) { _ in done.signal() }
        done.wait()
    }
}

/// The way onto the server's event loop from other threads (handlers, streams), closed before the loop shuts
/// down: work handed to a shut-down loop would be dropped with an error on standard error.
final class LoopGate: Sendable {
    /// The server's one event loop.
    let loop: any EventLoop
    private let isOpen = Mutex(true)

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Runs `work` on the loop and returns true, or returns false once the server stopped.
    func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
        isOpen.withLock { open in
            if open { loop.execute(work) }
            return open
        }
    }

    /// Lets nothing more through.
    func close() {
        isOpen.withLock { $0 = false }
    }
}

/// The `Host` values a request may carry: the server's own loopback address and port, and `localhost` with
/// that port; set once the port is known, before the first connection is accepted.
final class HostCheck: Sendable {
    private let allowed = Mutex<Set<String>>([])

    /// Allows `127.0.0.1:port` and `localhost:port`.
    func allow(port: Int) {
        allowed.withLock { $0 = ["127.0.0.1:\(port)", "localhost:\(port)"] }
    }

    /// The refusal for a request with these `Host` values, or nil when it may go on.
    func refusal(for values: [String]) -> HTTPRefusal? {
        guard values.count == 1, let host = values.first else { return .missingHost(count: values.count) }
        let allowed = allowed.withLock { $0 }
        guard allowed.contains(host.lowercased()) else {
            return .foreignHost(host, expected: allowed.sorted().first ?? "127.0.0.1")
        }
        return nil
    }
}
