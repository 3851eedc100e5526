import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// The server's limits on one connection's time, so that none can hold it open without a request moving:
/// a request's header must be whole within `header` of its first byte, its body within `body` of the header,
/// and a connection with nothing in flight is closed after `idle`. An answer under way (an event stream) has
/// no limit. An answer that says `Connection: close` closes the connection once it is written.
///
/// ```
/// waiting ──first byte──▶ head ──header read──▶ body ──body read──▶ waiting
///    │ idle, nothing in flight   │ header           │ body
///    ▼                           ▼                  ▼
///  closed                      closed             closed
/// ```
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The three limits.
    struct Timeouts: Sendable {
        var header: TimeAmount
        var body: TimeAmount
        var idle: TimeAmount
    }

    private enum Reading: String {
        case waiting
        case head = "header"
        case body
    }

    private let timeouts: Timeouts
    private let logger: Logger
    private var reading = Reading.waiting
    private var readingSince = NIODeadline.now()
    private var lastActivity = NIODeadline.now()
    private var answersInFlight = 0
    private var closeAfterAnswer = false
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?

    init(timeouts: Timeouts, logger: Logger) {
        self.timeouts = timeouts
        self.logger = logger
    }

    /// When the connection is closed unless something happens first; nil while an answer is under way.
    private var deadline: NIODeadline? {
        switch reading {
        case .head: readingSince + timeouts.header
        case .body: readingSince + timeouts.body
        case .waiting: answersInFlight == 0 ? lastActivity + timeouts.idle : nil
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { rearm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        lastActivity = .now()
        rearm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is RequestBytesArrived else { return context.fireUserInboundEventTriggered(event) }
        if reading == .waiting {
            reading = .head
            readingSince = .now()
            rearm(context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            reading = .body
            readingSince = .now()
            answersInFlight += 1
            rearm(context)
        case .body:
            break
        case .end:
            reading = .waiting
            lastActivity = .now()
            rearm(context)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.status.kind != .informational, head.headerFields[.connection]?.lowercased().contains("close") == true {
                closeAfterAnswer = true
            }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            answersInFlight = max(0, answersInFlight - 1)
            lastActivity = .now()
            if closeAfterAnswer {
                context.writeAndFlush(data, promise: promise)
                context.close(promise: nil)
            } else {
                context.write(data, promise: promise)
                rearm(context)
            }
        }
    }

    private func rearm(_ context: ChannelHandlerContext) {
        let deadline = deadline
        guard deadline != timerDeadline else { return }
        disarm()
        guard let deadline else { return }
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = nil
            guard let due = self.deadline, due <= .now() else { return rearm(context) }
            logger.notice("connection closed", metadata: [
                "reason": "\(reading == .waiting ? "idle" : reading.rawValue) timeout",
                "peer": "\(context.channel.remoteAddress?.ipAddress ?? "unknown")",
            ])
            context.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}

/// Said by `RequestBytesSignal` for every read: bytes arrived, a header perhaps not yet whole.
struct RequestBytesArrived {}

/// Sits before the HTTP decoder and tells `ConnectionDeadlines`, after it, that bytes arrived: the decoder says
/// nothing until a header is whole, and a header sent byte by byte must not pass for a quiet connection.
final class RequestBytesSignal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(RequestBytesArrived())
        context.fireChannelRead(data)
    }
}

/// Hummingbird's HTTP/1 channel with `RequestBytesSignal` in front and `ConnectionDeadlines` behind the decoder.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel

    init(responder: @escaping HTTPChannelHandler.Responder, timeouts: ConnectionDeadlines.Timeouts, logger: Logger) {
        inner = HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [ConnectionDeadlines(timeouts: timeouts, logger: logger)]))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestBytesSignal())
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
