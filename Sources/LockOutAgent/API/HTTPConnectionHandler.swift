import Foundation
import LockOutRuntime
import Logging
import NIOCore
import NIOHTTP1

/// One connection of `HTTPServer`, behind NIOHTTP1's decoder and pipelining helper: guards each request,
/// hands it to the handler, writes the answer. Lives on the server's event loop.
///
///     awaitingHead ──head──▶ readingBody ──end──▶ handling ──response──▶ awaitingHead (kept alive: the timer runs again)
///          │                      │                  │                └──▶ closed (Connection: close)
///          │                      │                  └──streamed response──▶ streaming ──finished and sent──▶ closed
///          │                      │                                             └──client went away, server stopped──▶ closed (stream cancelled)
///          │                      └──bad Host, too large, malformed, no whole body in time──▶ draining ──EOF or 2 s──▶ closed
///          └──malformed──▶ draining;  no whole head in time──▶ closed
///     any phase ──client shut its side (EOF)──▶ closed, once the answer being prepared is written
///
/// Draining (output shut, input read and discarded) keeps a client that is still sending a refused body from
/// getting a reset instead of the refusal. A stream runs no timer: it may stay quiet for hours, and a client
/// that hangs up is noticed at once because the socket is watched for EOF and resets even while reads pause.
final class HTTPConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Phase {
        case awaitingHead
        case readingBody(HTTPRequestHead, ByteBuffer)
        case handling(keepAlive: Bool)
        case streaming(HTTPBodyStream)
        case draining
        case closed

        /// Whether a handler owns the answer: no refusal may be written now.
        var isAnswering: Bool {
            switch self {
            case .handling, .streaming: true
            case .awaitingHead, .readingBody, .draining, .closed: false
            }
        }
    }

    let limits: HTTPServer.Limits
    private let hosts: HostCheck
    private let executor: SerialQueueExecutor
    private let gate: LoopGate
    private let logger: Logger
    private let handler: HTTPServer.Handler
    private var phase = Phase.awaitingHead
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    /// The client shut its sending side (like `printf … | nc`): it gets the answer it waits for, then the connection closes.
    private var isInputClosed = false

    init(
        limits: HTTPServer.Limits, hosts: HostCheck, executor: SerialQueueExecutor, gate: LoopGate, logger: Logger,
        handler: @escaping HTTPServer.Handler
    ) {
        self.limits = limits
        self.hosts = hosts
        self.executor = executor
        self.gate = gate
        self.logger = logger
        self.handler = handler
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { armTimer(limits.requestTimeout) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armTimer(limits.requestTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        let previous = phase
        phase = .closed
        timer?.cancel()
        timer = nil
        if case .streaming(let stream) = previous { stream.cancel() }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), phase) {
        case (.head(let head), .awaitingHead):
            if let refusal = refusal(for: head) {
                refuse(refusal)
                return
            }
            if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
            phase = .readingBody(head, context.channel.allocator.buffer(capacity: 0))
        case (.body(var chunk), .readingBody(let head, var body)):
            guard body.readableBytes + chunk.readableBytes <= limits.maxBodyBytes else {
                refuse(.bodyTooLarge(limit: limits.maxBodyBytes))
                return
            }
            phase = .awaitingHead  // lets `body` be uniquely referenced while it grows
            body.writeBuffer(&chunk)
            phase = .readingBody(head, body)
        case (.end, .readingBody(let head, let body)):
            timer?.cancel()
            guard let request = HTTPRequest(head: head, body: Data(body.readableBytesView)) else {
                refuse(.malformedTarget(head.uri))
                return
            }
            // After a request that asks for an upgrade, NIO's decoder stops parsing: no next request can follow.
            phase = .handling(keepAlive: head.isKeepAlive && !head.headers.contains(name: "Upgrade"))
            handle(request, on: context.eventLoop)
        case (.head, _), (.body, _), (.end, _):
            break  // the rest of a refused request, read and discarded while draining
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch phase {
        case .awaitingHead, .readingBody, .handling, .streaming:
            // A parser error comes through NIO's pipelining helper only when a response may be written.
            if error is HTTPParserError, !phase.isAnswering {
                refuse(HTTPRefusal(decoding: error, limits: limits))
            } else {
                logger.debug("connection failed", metadata: ["error": "\(error)"])
                context.close(promise: nil)
            }
        case .draining, .closed:
            break  // more of what was refused; the decoder stays in its error state
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            isInputClosed = true
            switch phase {
            case .handling:
                break  // answered, then closed
            case .awaitingHead, .readingBody, .streaming, .draining, .closed:
                // An unfinished request will not be finished; and a follower that hung up reads no more (a TCP
                // close looks the same as a half-close, and a quiet stream would never learn of it otherwise).
                context.close(promise: nil)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        pullStream()
        context.fireChannelWritabilityChanged()
    }

    /// What is wrong with a request head before any handler sees it: its Host, the size it announces, its target.
    private func refusal(for head: HTTPRequestHead) -> HTTPRefusal? {
        if let refusal = hosts.refusal(for: head.headers["Host"]) { return refusal }
        if head.method == .CONNECT { return .tunnelRefused(method: head.method.rawValue) }
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > limits.maxBodyBytes {
            return .bodyTooLarge(limit: limits.maxBodyBytes)
        }
        if HTTPRequest.parseTarget(head.uri) == nil { return .malformedTarget(head.uri) }
        return nil
    }

    /// Runs the handler on the server's executor and brings its answer back to the event loop.
    private func handle(_ request: HTTPRequest, on loop: any EventLoop) {
        let bound = NIOLoopBound(self, eventLoop: loop)
        let (handler, gate) = (handler, gate)
        Task(executorPreference: executor) {
            let response = await handler(request)
            let delivered = gate.execute { bound.value.deliver(response) }
            if !delivered { response.bodyStream?.cancel() }  // the server stopped: nobody will read the stream
        }
    }

    private func deliver(_ response: HTTPResponse) {
        guard case .handling(let requestedKeepAlive) = phase, let context else {
            response.bodyStream?.cancel()  // the connection is gone
            return
        }
        let keepAlive = requestedKeepAlive && !isInputClosed
        if let stream = response.bodyStream, isInputClosed {
            stream.cancel()  // the client hung up, or half-closed: a stream to it could never tell
            phase = .draining
            context.close(promise: nil)
            return
        } else if let stream = response.bodyStream {
            startStreaming(stream, head: head(of: response, keepAlive: false))
            return
        }
        var head = head(of: response, keepAlive: keepAlive)
        head.headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        if keepAlive {
            // Ready before `.end` goes out: NIO's pipelining helper hands over a waiting request inside that write.
            phase = .awaitingHead
            armTimer(limits.requestTimeout)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            phase = .draining
            closeAfterWriting(context)
        }
    }

    private func head(of response: HTTPResponse, keepAlive: Bool) -> HTTPResponseHead {
        var headers = response.headers
        if !headers.contains(name: "Content-Type") { headers.add(name: "Content-Type", value: "text/plain; charset=utf-8") }
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        return HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
    }

    /// Writes the head, then whatever the stream has and gets, as chunks, until it finishes.
    private func startStreaming(_ stream: HTTPBodyStream, head: HTTPResponseHead) {
        guard let context else { return }
        var head = head
        head.headers.remove(name: "Content-Length")
        head.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        phase = .streaming(stream)
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let gate = gate
        stream.attach { _ = gate.execute { bound.value.pullStream() } }
        pullStream()
    }

    /// Writes what the stream has sent since the last pull, while the socket takes more; ends the response once it finished.
    private func pullStream() {
        guard case .streaming(let stream) = phase, let context, context.channel.isWritable else { return }
        let (data, isFinished) = stream.take()
        if !data.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: nil)
        }
        if isFinished {
            phase = .draining
            closeAfterWriting(context)
        } else {
            context.flush()
        }
    }

    /// Answers with `refusal` and `Connection: close`, then shuts the output and drains the input.
    private func refuse(_ refusal: HTTPRefusal) {
        guard let context else { return }
        logger.debug("refused a request", metadata: ["status": "\(refusal.status.code)", "reason": "\(refusal.message)"])
        let response = refusal.response
        var head = head(of: response, keepAlive: false)
        head.headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        phase = .draining
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
        armTimer(limits.drainTimeout)
    }

    private func closeAfterWriting(_ context: ChannelHandlerContext) {
        timer?.cancel()
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Runs `timedOut()` after `delay`, replacing any timer running.
    private func armTimer(_ delay: TimeAmount) {
        guard let context else { return }
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in timedOut() }
    }

    private func timedOut() {
        timer = nil
        switch phase {
        case .awaitingHead:
            // No request began (an idle kept-alive connection, or a head still incomplete): closed without an
            // answer, since NIO's pipelining helper allows a response only once a head or a parser error came.
            context?.close(promise: nil)
        case .readingBody:
            refuse(.timedOut(milliseconds: limits.requestTimeout.nanoseconds / 1_000_000))
        case .draining:
            context?.close(promise: nil)
        case .handling, .streaming, .closed:
            break
        }
    }
}
