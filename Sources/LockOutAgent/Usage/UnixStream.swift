#if os(Linux)
import Glibc

/// What a socket call failed with, for the desktop sockets the activity sensors talk to.
struct UnixStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system call, like `connect`, or what was being done.
    let call: String
    /// The `errno` it left; 0 when the peer closed or broke the protocol.
    let code: Int32

    var description: String {
        code == 0 ? call : "\(call): \(String(cString: strerror(code))) (errno \(code))"
    }
}

/// A connected `AF_UNIX` stream socket, non-blocking and close-on-exec, with reads that wait a bounded
/// time: the sensors ask desktop servers synchronously, and a server that hangs must not hang the agent.
/// Not thread-safe: its owner confines it to one queue.
final class UnixStream: @unchecked Sendable {
    /// The descriptor; closed by `close()` or when the value goes.
    private(set) var fd: Int32
    /// How long one read or write waits for the socket before giving up.
    let timeoutMilliseconds: Int32

    /// Connects to the socket at `path`.
    init(path: String, timeoutMilliseconds: Int32 = 2_000) throws(UnixStreamError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { throw UnixStreamError(call: "socket path too long: \(path)", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw UnixStreamError(call: "socket", code: errno) }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw UnixStreamError(call: "connect \(path)", code: code)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.fd = fd
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    deinit {
        close()
    }

    /// Whether the socket is still open on this side.
    var isOpen: Bool { fd >= 0 }

    /// Closes the socket; later calls fail.
    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Writes all of `bytes`, waiting for room when the socket is full.
    func write(_ bytes: [UInt8]) throws(UnixStreamError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLOUT))
            } else {
                throw UnixStreamError(call: "send", code: count < 0 ? errno : 0)
            }
        }
    }

    /// Reads what is there now, up to `limit` bytes, without waiting: empty when nothing is waiting.
    /// Throws when the peer closed the connection or the socket failed.
    func readAvailable(limit: Int = 65_536) throws(UnixStreamError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(buffer[..<count]) }
            if count == 0 { throw UnixStreamError(call: "the peer closed the connection", code: 0) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            throw UnixStreamError(call: "recv", code: errno)
        }
    }

    /// Reads at least one byte, waiting up to the timeout for it.
    func readSome(limit: Int = 65_536) throws(UnixStreamError) -> [UInt8] {
        while true {
            let bytes = try readAvailable(limit: limit)
            if !bytes.isEmpty { return bytes }
            try wait(for: Int16(POLLIN))
        }
    }

    /// Reads until the peer closes its side, up to `limit` bytes in all.
    func readToEnd(limit: Int = 4 << 20) throws(UnixStreamError) -> [UInt8] {
        var all: [UInt8] = []
        while all.count < limit {
            do {
                all += try readSome(limit: min(65_536, limit - all.count))
            } catch where error.code == 0 {
                return all
            }
        }
        return all
    }

    /// Waits until the socket is ready for `events`, or fails after the timeout.
    private func wait(for events: Int16) throws(UnixStreamError) {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, timeoutMilliseconds)
            if ready > 0 { return }
            if ready == 0 { throw UnixStreamError(call: "no answer within \(timeoutMilliseconds) ms", code: ETIMEDOUT) }
            if errno != EINTR { throw UnixStreamError(call: "poll", code: errno) }
        }
    }
}
#endif
