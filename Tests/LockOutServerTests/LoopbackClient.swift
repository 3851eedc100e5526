import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs blocking socket work on a thread of its own, so that no thread of the cooperative pool — which the
/// server's handlers in this same process need — waits on a socket.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// What a socket call failed with.
struct SocketFailure: Error, Equatable {
    let call: String
    let code: Int32
}

/// A blocking TCP connection to 127.0.0.1, for what no HTTP client sends: half a header, half a body, nothing.
final class LoopbackClient: @unchecked Sendable {
    private let fd: Int32
    private var isClosed = false

    /// Connects to `port`; reads wait at most `timeout` seconds.
    init(port: Int, timeout: TimeInterval = 5) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketFailure(call: "socket", code: errno) }
        setTimeout(timeout)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(INADDR_LOOPBACK).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close()
            throw SocketFailure(call: "connect", code: code)
        }
    }

    deinit { close() }

    /// Reads give up after `seconds`.
    func setTimeout(_ seconds: TimeInterval) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: .init(seconds.truncatingRemainder(dividingBy: 1) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends `text`; false when the server has closed.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        #else
        return bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress, $0.count, 0) } == bytes.count
        #endif
    }

    /// Reads until `marker` arrived; throws when the server closes first or the read timeout passes.
    func read(until marker: String) throws -> String {
        var received: [UInt8] = []
        let suffix = Array(marker.utf8)
        var byte: UInt8 = 0
        while !(received.count >= suffix.count && received.suffix(suffix.count).elementsEqual(suffix)) {
            let count = recv(fd, &byte, 1, 0)
            guard count == 1 else { throw SocketFailure(call: count == 0 ? "closed" : "recv", code: count == 0 ? 0 : errno) }
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// What arrives until the server closes; nil when the read timeout passes first.
    func readToEnd() -> String? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                received += chunk[0..<count]
            } else if count == 0 || errno == ECONNRESET {
                return String(decoding: received, as: UTF8.self)
            } else if errno != EINTR {
                return nil
            }
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        #if canImport(Glibc)
        Glibc.close(fd)
        #else
        Darwin.close(fd)
        #endif
    }
}
