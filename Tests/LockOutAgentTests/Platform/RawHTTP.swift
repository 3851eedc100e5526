import Foundation
@testable import LockOutAgent
#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking socket work on a thread of its own: blocked threads of the cooperative pool or of dispatch's
/// small worker pool would leave none for the server's queue and handlers in this same process.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Sends bytes as they are and reads the answer until the server closes, for requests the client can't make.
enum RawHTTP {
    /// `127.0.0.1:port`, the Host the server accepts.
    static func host(_ port: Int) -> String {
        "127.0.0.1:\(port)"
    }

    /// A whole request with the right Host and `Connection: close`, plus `extra` header lines.
    static func request(_ target: String, method: String = "GET", port: Int, extra: [String] = [], body: String = "") -> Data {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: \(host(port))", "Connection: close"] + extra
        if !body.isEmpty { lines.append("Content-Length: \(body.utf8.count)") }
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }

    /// Sends `bytes`, shutting the sending side after them when `halfClose`, and returns all that comes back.
    static func exchange(_ bytes: Data, port: Int, halfClose: Bool = false) async throws -> String {
        try await offPool { String(decoding: try exchangeBlocking(bytes, port: port, halfClose: halfClose), as: UTF8.self) }
    }

    /// Like `exchange`, on the calling thread, returning the bytes.
    static func exchangeBlocking(_ bytes: Data, port: Int, halfClose: Bool = false) throws -> Data {
        let fd = try LoopbackSocket.make()
        defer { close(fd) }
        LoopbackSocket.setTimeouts(fd, 10)
        var address = LoopbackSocket.address(port: port)
        let connected = LoopbackSocket.withSocketAddress(&address) { connect(fd, $0, $1) }
        guard connected == 0 else { throw SocketError(call: "connect", code: errno) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { LoopbackSocket.send(fd, UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            guard count > 0 else { break }  // the server closed early: read what it answered
            sent += count
        }
        if halfClose { shutdown(fd, Int32(SHUT_WR)) }
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                answer.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno == ECONNRESET {
                return answer
            } else if errno != EINTR {
                throw SocketError(call: "read", code: errno)
            }
        }
    }
}

/// A blocking client socket for what `APIClient` won't do: stop reading, or hang up mid-stream.
final class RawConnection: @unchecked Sendable {
    private let fd: Int32
    private var isClosed = false

    init(port: Int) throws {
        fd = try LoopbackSocket.make()
        LoopbackSocket.setTimeouts(fd, 10)
        var address = LoopbackSocket.address(port: port)
        let connected = LoopbackSocket.withSocketAddress(&address) { connect(fd, $0, $1) }
        guard connected == 0 else {
            Glibc.close(fd)
            throw SocketError(call: "connect", code: errno)
        }
    }

    deinit {
        close(abortive: false)
    }

    func send(_ text: String) {
        _ = Data(text.utf8).withUnsafeBytes { LoopbackSocket.send(fd, $0) }
    }

    /// Reads until what arrived contains `marker`.
    func read(until marker: String) throws -> String {
        var received = Data()
        var byte: UInt8 = 0
        while !received.ends(with: Data(marker.utf8)) {
            guard Glibc.read(fd, &byte, 1) == 1 else { throw SocketError(call: "read", code: errno) }
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until the server closes.
    func readAll() throws -> String {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            received.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Hangs up: with a reset when `abortive`, otherwise with an orderly close.
    func close(abortive: Bool) {
        guard !isClosed else { return }
        isClosed = true
        if abortive {
            var option = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        Glibc.close(fd)
    }
}

extension Data {
    fileprivate func ends(with suffix: Data) -> Bool {
        count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}

extension String {
    /// The status code of the first response in a raw answer, or nil when it doesn't start with a status line.
    var statusCode: Int? {
        guard hasPrefix("HTTP/1.1 "), let code = Int(dropFirst(9).prefix(3)) else { return nil }
        return code
    }

    /// The body after the first blank line.
    var body: String {
        components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }
}
