import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a request to the agent didn't get a response.
public enum HTTPClientError: Error, Equatable, Sendable {
    /// Nothing listens on the port: no agent runs, so the CLI may open the database itself.
    case connectionRefused(port: Int)
    /// No whole response within the time allowed.
    case timedOut
    /// A socket call failed otherwise.
    case socket(SocketError)
    /// The bytes that came back are not an HTTP/1.x response.
    case invalidResponse
}

/// How a streamed response ended.
public enum HTTPStreamEnd: Equatable, Sendable {
    /// The server closed the body.
    case ended
    /// `onLine` returned false; the client closed the connection.
    case stopped
    /// The server answered with a non-2xx status: the whole response, body read to the end.
    case refused(HTTPResponse)
}

/// A small blocking HTTP/1.1 client for the CLI, talking to the agent on 127.0.0.1.
public enum HTTPClient {
    /// The largest response accepted.
    static let maxResponseBytes = 64 << 20
    /// The largest response head accepted.
    static let maxHeadBytes = 64 << 10

    /// Sends `request` to `127.0.0.1:port` and waits at most `timeout` seconds in all for the whole response.
    public static func send(_ request: HTTPRequest, port: Int, timeout: TimeInterval) throws(HTTPClientError) -> HTTPResponse {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = try connectAndSend(request, port: port, timeout: timeout, deadline: deadline)
        defer { close(fd) }
        let bytes = try receiveAll(from: fd, deadline: deadline)
        guard let response = HTTPWire.response(from: bytes) else { throw .invalidResponse }
        return response
    }

    /// Sends `request` and hands each line of a streamed body (split on "\n", the newline removed, a trailing "\r" removed) to `onLine` as it arrives.
    ///
    /// Connecting and receiving the response head must finish within `connectTimeout`; after that it waits for
    /// body bytes without any timeout (a status bar may follow a paused session for hours). A last line without
    /// a newline is handed over when the body ends. The body of a refused (non-2xx) answer must also arrive
    /// within `connectTimeout` of its head, since it is a short error message, not a stream.
    public static func stream(
        _ request: HTTPRequest,
        port: Int,
        connectTimeout: TimeInterval,
        onLine: (Data) -> Bool
    ) throws(HTTPClientError) -> HTTPStreamEnd {
        let deadline = Date().addingTimeInterval(connectTimeout)
        let fd = try connectAndSend(request, port: port, timeout: connectTimeout, deadline: deadline)
        defer { close(fd) }
        let (head, start) = try receiveHead(from: fd, deadline: deadline)
        guard let length = HTTPWire.bodyLength(of: head) else { throw .invalidResponse }
        guard (200..<300).contains(head.status) else {
            var refused = head
            refused.body = try receiveBody(from: fd, start: start, length: length, deadline: Date().addingTimeInterval(connectTimeout))
            return .refused(refused)
        }
        clearTimeouts(fd)
        return try receiveLines(from: fd, start: start, length: length, onLine: onLine)
    }

    /// A socket connected to `127.0.0.1:port` with `request` sent on it; the caller closes it.
    private static func connectAndSend(
        _ request: HTTPRequest, port: Int, timeout: TimeInterval, deadline: Date
    ) throws(HTTPClientError) -> Int32 {
        let fd: Int32
        do {
            fd = try LoopbackSocket.make()
        } catch {
            throw .socket(error)
        }
        do {
            try connect(fd, port: port, timeout: timeout)
            try sendAll(HTTPWire.bytes(of: request, port: port), on: fd, deadline: deadline)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    private static func connect(_ fd: Int32, port: Int, timeout: TimeInterval) throws(HTTPClientError) {
        guard (1...65535).contains(port) else { throw .connectionRefused(port: port) }
        LoopbackSocket.setTimeouts(fd, timeout)
        var address = LoopbackSocket.address(port: port)
        let result = LoopbackSocket.withSocketAddress(&address) { connectSocket(fd, $0, $1) }
        guard result != 0 else { return }
        switch errno {
        case ECONNREFUSED: throw .connectionRefused(port: port)
        case EINPROGRESS, EAGAIN, ETIMEDOUT: throw .timedOut
        case let code: throw .socket(SocketError(call: "connect", code: code))
        }
    }

    private static func sendAll(_ bytes: Data, on fd: Int32, deadline: Date) throws(HTTPClientError) {
        var sentCount = 0
        while sentCount < bytes.count {
            try setTimeouts(fd, until: deadline)
            let sent = bytes.withUnsafeBytes { LoopbackSocket.send(fd, UnsafeRawBufferPointer(rebasing: $0[sentCount...])) }
            if sent > 0 {
                sentCount += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw .timedOut
            } else {
                throw .socket(SocketError(call: "send", code: errno))
            }
        }
    }

    /// Reads until the server closes the connection (it always answers with `Connection: close`).
    private static func receiveAll(from fd: Int32, deadline: Date) throws(HTTPClientError) -> Data {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            try setTimeouts(fd, until: deadline)
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                guard received.count <= maxResponseBytes else { throw .invalidResponse }
            } else if count == 0 {
                return received
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw .timedOut
            } else {
                throw .socket(SocketError(call: "read", code: errno))
            }
        }
    }

    /// Reads until the end of a response head; the head, and the body bytes that came with it.
    private static func receiveHead(from fd: Int32, deadline: Date) throws(HTTPClientError) -> (head: HTTPResponse, body: Data) {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while received.firstRange(of: Data("\r\n\r\n".utf8)) == nil {
            guard received.count <= maxHeadBytes else { throw .invalidResponse }
            try setTimeouts(fd, until: deadline)
            guard let count = try readSome(from: fd, into: &chunk) else { throw .invalidResponse }
            received.append(contentsOf: chunk[0..<count])
        }
        guard let parsed = HTTPWire.responseHead(in: received) else { throw .invalidResponse }
        return (parsed.head, Data(received[parsed.bodyStart...]))
    }

    /// Reads the rest of a whole body, `start` being what came with the head.
    private static func receiveBody(from fd: Int32, start: Data, length: HTTPWire.BodyLength, deadline: Date) throws(HTTPClientError) -> Data {
        var body = start
        let declared: Int? = if case .declared(let count) = length { count } else { nil }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while body.count < declared ?? .max {
            guard body.count <= maxResponseBytes else { throw .invalidResponse }
            try setTimeouts(fd, until: deadline)
            guard let count = try readSome(from: fd, into: &chunk) else {
                guard declared == nil else { throw .invalidResponse }
                return body
            }
            body.append(contentsOf: chunk[0..<count])
        }
        return body.prefix(declared ?? body.count)
    }

    /// Hands `onLine` each line of the body as it completes, `start` being what came with the head.
    private static func receiveLines(
        from fd: Int32,
        start: Data,
        length: HTTPWire.BodyLength,
        onLine: (Data) -> Bool
    ) throws(HTTPClientError) -> HTTPStreamEnd {
        var remaining: Int? = if case .declared(let count) = length { count } else { nil }
        var lines = HTTPLineBuffer()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var arrived = [UInt8](start)
        while true {
            if let left = remaining {
                arrived = Array(arrived.prefix(left))
                remaining = left - arrived.count
            }
            lines.append(arrived)
            while let line = lines.nextLine() {
                guard onLine(line) else { return .stopped }
            }
            guard lines.pendingCount <= maxResponseBytes else { throw .invalidResponse }
            if remaining == 0 { break }
            guard let count = try readSome(from: fd, into: &chunk) else {
                guard remaining == nil else { throw .invalidResponse }  // cut short
                break
            }
            arrived = Array(chunk[0..<count])
        }
        if let last = lines.remainder(), !onLine(last) { return .stopped }
        return .ended
    }

    /// Reads what has arrived into `chunk`: its count, or nil at the end of the stream.
    private static func readSome(from fd: Int32, into chunk: inout [UInt8]) throws(HTTPClientError) -> Int? {
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count > 0 { return count }
            if count == 0 { return nil }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw .timedOut
            case let code: throw .socket(SocketError(call: "read", code: code))
            }
        }
    }

    /// Lets reads wait for as long as it takes.
    private static func clearTimeouts(_ fd: Int32) {
        var never = timeval(tv_sec: 0, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &never, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func setTimeouts(_ fd: Int32, until deadline: Date) throws(HTTPClientError) {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw .timedOut }
        LoopbackSocket.setTimeouts(fd, remaining)
    }
}

/// The C `connect`, under a name the enum's own `connect` doesn't hide.
private func connectSocket(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

/// Splits a body into lines as its bytes arrive: a line is handed out only once its newline is there.
struct HTTPLineBuffer {
    private var bytes: [UInt8] = []
    /// Where the next line starts.
    private var start = 0
    /// Where to look for the next newline: the bytes before it are known to hold none.
    private var searchFrom = 0

    /// The bytes not handed out yet.
    var pendingCount: Int { bytes.count - start }

    /// Adds bytes that arrived.
    mutating func append(_ arrived: some Collection<UInt8>) {
        if start > 0 {
            bytes.removeFirst(start)
            searchFrom -= start
            start = 0
        }
        bytes.append(contentsOf: arrived)
    }

    /// The next complete line without its "\n" and a "\r" before it, or nil until one is complete.
    mutating func nextLine() -> Data? {
        guard let newline = bytes[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) else {
            searchFrom = bytes.count
            return nil
        }
        var end = newline
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = Data(bytes[start..<end])
        start = newline + 1
        searchFrom = start
        return line
    }

    /// What is left after the last newline, once the body has ended; nil when nothing is.
    mutating func remainder() -> Data? {
        guard start < bytes.count else { return nil }
        var end = bytes.count
        if bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        defer { start = bytes.count; searchFrom = start }
        return Data(bytes[start..<end])
    }
}
