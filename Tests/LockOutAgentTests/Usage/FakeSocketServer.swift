#if os(Linux)
import Foundation
import Glibc

/// A Unix socket server on a thread of its own that hands each connection to `serve` (on a thread of
/// its own too), for tests that stand in for a compositor with real sockets and real bytes.
final class FakeSocketServer: @unchecked Sendable {
    let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var connections: [FakeConnection] = []
    /// Whether `stop()` shut the listener down; the accepting thread closes it once `accept` fails. Closing it
    /// here instead would let that thread `accept` on whatever socket reuses the number next (another test's).
    private var isStopped = false
    private var isListenerClosed = false

    /// Listens at `path` and starts accepting.
    init(path: String, serve: @escaping @Sendable (FakeConnection) -> Void) throws {
        self.path = path
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        listener = fd
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw SocketError(call: "bind", code: errno) }
        let state = lock
        Thread.detachNewThread { [weak self] in
            while true {
                let accepted = accept(fd, nil, nil)
                if accepted < 0, errno == EINTR || errno == ECONNABORTED { continue }
                guard accepted >= 0, let self else {
                    if accepted >= 0 { Glibc.close(accepted) }
                    break  // stopped (shut down), or gone
                }
                _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
                let connection = FakeConnection(fd: accepted)
                self.lock.withLock { self.connections.append(connection) }
                Thread.detachNewThread { serve(connection) }
            }
            // The listener is this thread's to close, and only once it no longer accepts on it.
            state.withLock {
                Glibc.close(fd)
                self?.isListenerClosed = true
            }
        }
    }

    deinit {
        stop()
    }

    /// Stops accepting and hangs up on every connection.
    func stop() {
        let connections: [FakeConnection]? = lock.withLock {
            guard !isStopped else { return nil }
            isStopped = true
            // Wakes the accepting thread, which then closes the listener.
            if !isListenerClosed { shutdown(listener, Int32(SHUT_RDWR)) }
            return self.connections
        }
        guard let connections else { return }
        unlink(path)
        for connection in connections { connection.close() }
    }
}

/// One accepted connection, read and written with blocking calls that give up after `timeout` seconds, so
/// neither a serving thread nor a test writing to a client that stopped reading waits without end.
final class FakeConnection: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var isClosed = false
    static let timeout = 30

    init(fd: Int32) {
        self.fd = fd
        var limit = timeval(tv_sec: Self.timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The descriptor closes only when no thread can use it any more: closed while a serving thread reads,
    /// its number could go to another socket that thread would then read from.
    deinit {
        Glibc.close(fd)
    }

    /// Exactly `count` bytes, or nil when the peer hung up first.
    func read(_ count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(count, 1))
        while bytes.count < count {
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count - bytes.count, 0) }
            guard got > 0 else { return nil }
            bytes += chunk[..<got]
        }
        return bytes
    }

    /// What arrives in one read, or nil when the peer hung up.
    func readSome() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return got > 0 ? Array(chunk[..<got]) : nil
    }

    /// Writes all of `bytes`; false when the peer is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Hangs up: the peer reads the end, and reads and writes here fail from now on.
    func close() {
        lock.withLock {
            guard !isClosed else { return }
            isClosed = true
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }
}

/// A fresh folder for sockets, short enough for `sun_path`'s 108 bytes.
func socketFolder() throws -> URL {
    let folder = URL(fileURLWithPath: "/tmp/lockout-sock-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
#endif
