import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a socket call failed with.
struct SocketError: Error, Equatable, Sendable {
    /// The system call, like `bind`.
    let call: String
    /// The `errno` it left.
    let code: Int32
}

/// POSIX TCP sockets on 127.0.0.1, for tests that must send what no HTTP client would, or hang up mid-answer.
enum LoopbackSocket {
    /// A new TCP socket that isn't inherited by the processes a test starts.
    static func make() throws(SocketError) -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        configure(fd)
        return fd
    }

    /// Marks `fd` close-on-exec and, where the system has it, free of SIGPIPE.
    static func configure(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Makes reads and writes on `fd` return EAGAIN instead of waiting.
    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// The address `127.0.0.1:port`.
    static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(INADDR_LOOPBACK).bigEndian)
        return address
    }

    /// Runs `body` with `address` as the generic `sockaddr` the socket calls take.
    static func withSocketAddress<T>(_ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Sends what it can of `bytes` without raising SIGPIPE; the count sent, or -1 with `errno` set.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
        #endif
    }

    /// Sets the receive and send timeouts (`SO_RCVTIMEO`, `SO_SNDTIMEO`; Linux applies the latter to `connect` too).
    static func setTimeouts(_ fd: Int32, _ seconds: TimeInterval) {
        let clamped = max(seconds, 0.001)
        var value = timeval(tv_sec: Int(clamped), tv_usec: .init(clamped.truncatingRemainder(dividingBy: 1) * 1_000_000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
    }
}
