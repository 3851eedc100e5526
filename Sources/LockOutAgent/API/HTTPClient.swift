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

/// A small blocking HTTP/1.1 client for the CLI, talking to the agent on 127.0.0.1.
public enum HTTPClient {
    /// The largest response accepted.
    static let maxResponseBytes = 64 << 20

    /// Sends `request` to `127.0.0.1:port` and waits at most `timeout` seconds in all for the whole response.
    public static func send(_ request: HTTPRequest, port: Int, timeout: TimeInterval) throws(HTTPClientError) -> HTTPResponse {
        let deadline = Date().addingTimeInterval(timeout)
        let fd: Int32
        do {
            fd = try LoopbackSocket.make()
        } catch {
            throw .socket(error)
        }
        defer { close(fd) }
        try connect(fd, port: port, timeout: timeout)
        try sendAll(HTTPWire.bytes(of: request, port: port), on: fd, deadline: deadline)
        let bytes = try receiveAll(from: fd, deadline: deadline)
        guard let response = HTTPWire.response(from: bytes) else { throw .invalidResponse }
        return response
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
