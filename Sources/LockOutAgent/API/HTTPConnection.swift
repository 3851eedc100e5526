import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection of `HTTPServer`: reads one request, answers it, closes. Confined to the server's queue.
///
///     reading ──request──▶ handling ──response──▶ writing ──sent──▶ draining ──EOF or 2 s──▶ closed
///        │                     └──streamed response──▶ streaming ──finished and sent──▶ draining
///        │                                                 └──client went away, server stopped──▶ closed (onCancel)
///        └──malformed, too large, 10 s without a whole request──▶ writing (400 / 413 / 408 …)
///
/// Draining (reading and discarding after `shutdown(SHUT_WR)`) keeps a client that is still sending a body
/// we refused from getting a reset instead of the response. While streaming, the read source stays active so
/// a client that hangs up is noticed at once, and no timer runs: a stream may stay quiet for hours.
final class HTTPConnection: @unchecked Sendable {
    /// How much and how long a connection may take.
    struct Limits {
        var maxBodyBytes: Int
        var requestTimeout: TimeInterval = 10
        var drainTimeout: TimeInterval = 2
        #if os(Linux)
        /// Where handlers run: off the global executor, which would start a once-a-second wake-up for good.
        var handlerExecutor: SerialQueueExecutor
        #endif
    }

    private enum Phase {
        case reading, handling, writing, streaming, draining, closed
    }

    private let descriptor: SharedDescriptor
    private let queue: DispatchQueue
    private let limits: Limits
    private let handler: HTTPServer.Handler
    private let logger: Logger
    private var phase = Phase.reading
    private var received = Data()
    private var outgoing = Data()
    private var sentCount = 0
    private var sentContinue = false
    private var stream: HTTPBodyStream?
    private var streamFinished = false
    private var readSource: (any DispatchSourceRead)?
    private var readSuspended = false
    private var writeSource: (any DispatchSourceWrite)?
    private var timer: (any DispatchSourceTimer)?
    private var onClose: (() -> Void)?

    private var fd: Int32 { descriptor.fd }

    init(fd: Int32, queue: DispatchQueue, limits: Limits, handler: @escaping HTTPServer.Handler, logger: Logger) {
        self.descriptor = SharedDescriptor(fd: fd)
        self.queue = queue
        self.limits = limits
        self.handler = handler
        self.logger = logger
    }

    /// Starts reading; `onClose` runs once the connection is done. Call on the queue.
    func start(onClose: @escaping () -> Void) {
        self.onClose = onClose
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        descriptor.retain()
        source.setCancelHandler { [descriptor] in descriptor.release() }
        source.setEventHandler { [weak self] in self?.readAvailable() }
        readSource = source
        source.activate()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.timedOut() }
        timer.schedule(deadline: .now() + limits.requestTimeout)
        self.timer = timer
        timer.activate()
    }

    /// Drops the connection at once. Call on the queue.
    func close() {
        guard phase != .closed else { return }
        phase = .closed
        timer?.cancel()
        timer = nil
        writeSource?.cancel()
        writeSource = nil
        if readSuspended { readSource?.resume() }
        readSource?.cancel()
        readSource = nil
        descriptor.release()
        stream?.cancel()
        stream = nil
        onClose?()
        onClose = nil
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(fd, &chunk, chunk.count)
        if count > 0 {
            guard phase == .reading else { return }  // streaming or draining: discard
            received.append(contentsOf: chunk[0..<count])
            parseReceived()
        } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            close()  // end of stream (an unfinished request is dropped) or a broken connection
        }
    }

    private func parseReceived() {
        switch HTTPRequestParser.parse(received, maxBodyBytes: limits.maxBodyBytes) {
        case .incomplete:
            break
        case .awaitingBody(let continueExpected):
            if continueExpected, !sentContinue {
                sentContinue = true
                _ = Data("HTTP/1.1 100 Continue\r\n\r\n".utf8).withUnsafeBytes { LoopbackSocket.send(fd, $0) }
            }
        case .complete(let request):
            phase = .handling
            received = Data()
            suspendReading()
            timer?.schedule(deadline: .distantFuture)
            let handler = handler
            let answer: @Sendable () async -> Void = { [self] in
                let response = await handler(request)
                queue.async { self.respond(response) }
            }
            Task(executorPreference: limits.handlerExecutor, operation: answer)
        case .rejected(let status, let reason):
            logger.debug("rejected a request", metadata: ["status": "\(status)", "reason": "\(reason)"])
            respond(.text(reason + "\n", status: status))
        }
    }

    private func timedOut() {
        switch phase {
        case .reading: respond(.text("no complete request within \(Int(limits.requestTimeout)) s\n", status: 408))
        case .draining: close()
        case .handling, .writing, .streaming, .closed: break
        }
    }

    private func respond(_ response: HTTPResponse) {
        guard phase == .reading || phase == .handling else {
            response.bodyStream?.cancel()  // the connection is gone: nobody will read the stream
            return
        }
        sentCount = 0
        if let stream = response.bodyStream {
            startStreaming(stream, head: HTTPWire.streamHead(of: response))
            return
        }
        phase = .writing
        suspendReading()
        outgoing = HTTPWire.bytes(of: response)
        writeMore()
    }

    private func startStreaming(_ stream: HTTPBodyStream, head: Data) {
        phase = .streaming
        self.stream = stream
        outgoing = head
        timer?.schedule(deadline: .distantFuture)
        resumeReading()
        stream.attach { [weak self, queue] in
            guard let self else { return }
            queue.async { self.pullStream() }
        }
        pullStream()
    }

    /// Queues what the stream has sent since the last pull behind what is still unsent, and writes.
    private func pullStream() {
        guard phase == .streaming, let stream else { return }
        let (data, isFinished) = stream.take()
        if sentCount > 0 {
            outgoing = sentCount < outgoing.count ? outgoing.subdata(in: sentCount..<outgoing.count) : Data()
            sentCount = 0
        }
        outgoing.append(data)
        streamFinished = isFinished
        writeMore()
    }

    private func writeMore() {
        guard phase == .writing || phase == .streaming else { return }
        while sentCount < outgoing.count {
            let sent = outgoing.withUnsafeBytes { LoopbackSocket.send(fd, UnsafeRawBufferPointer(rebasing: $0[sentCount...])) }
            if sent > 0 {
                sentCount += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                waitUntilWritable()
                return
            } else {
                close()
                return
            }
        }
        writeSource?.cancel()
        writeSource = nil
        outgoing = Data()
        sentCount = 0
        if phase == .streaming, !streamFinished { return }  // all sent; the stream wakes us when there is more
        shutdown(fd, Int32(SHUT_WR))
        phase = .draining
        resumeReading()
        timer?.schedule(deadline: .now() + limits.drainTimeout)
    }

    private func waitUntilWritable() {
        guard writeSource == nil else { return }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        descriptor.retain()
        source.setCancelHandler { [descriptor] in descriptor.release() }
        source.setEventHandler { [weak self] in self?.writeMore() }
        writeSource = source
        source.activate()
    }

    private func suspendReading() {
        guard !readSuspended, let readSource else { return }
        readSuspended = true
        readSource.suspend()
    }

    private func resumeReading() {
        guard readSuspended, let readSource else { return }
        readSuspended = false
        readSource.resume()
    }
}

/// A socket shared by a connection and its dispatch sources: closed when the last of them lets go, because
/// a descriptor must outlive every source watching it. Used on one queue only.
private final class SharedDescriptor {
    let fd: Int32
    private var holders = 1

    init(fd: Int32) {
        self.fd = fd
    }

    func retain() {
        holders += 1
    }

    func release() {
        holders -= 1
        if holders == 0 { _ = close(fd) }
    }
}
