import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a server, for HTTP/1.1 with Content-Length bodies: it passes each
/// request on and, when `drop` says so for the request line, reads the server's whole answer and then
/// hangs up on the client instead of passing it on — the server did the work, the client never hears.
final class DroppingProxy: Sendable {
    let port: Int
    private let listener: Int32
    private let upstream: Int
    private let rules = Mutex<(all: Bool, next: String?)>((false, nil))
    let dropped = Mutex(0)

    /// A proxy on a free port in front of `upstream`, passing everything on until told otherwise.
    init(upstream: Int) throws {
        self.upstream = upstream
        let fd = try LoopbackSocket.make()
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackSocket.address(port: 0)
        guard LoopbackSocket.withSocketAddress(&address, { bind(fd, $0, $1) }) == 0, listen(fd, 16) == 0 else {
            throw SocketError(call: "bind", code: errno)
        }
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        listener = fd
        port = Int(UInt16(bigEndian: bound.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Hangs up on every request (true), or passes them on again (false).
    func dropAll(_ on: Bool) { rules.withLock { $0.all = on } }

    /// Drops the answer to the next request whose line starts with `prefix`.
    func dropNext(_ prefix: String) { rules.withLock { $0.next = prefix } }

    private func shouldDrop(_ line: String) -> Bool {
        rules.withLock { rules in
            if rules.all { return true }
            if let prefix = rules.next, line.hasPrefix(prefix) {
                rules.next = nil
                return true
            }
            return false
        }
    }

    func close() { shutdown(listener, Int32(SHUT_RDWR)); Glibc.close(listener) }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            LoopbackSocket.configure(client)
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { Glibc.close(client) }
        guard let server = try? LoopbackSocket.make() else { return }
        defer { Glibc.close(server) }
        var address = LoopbackSocket.address(port: upstream)
        guard LoopbackSocket.withSocketAddress(&address, { connect(server, $0, $1) }) == 0 else { return }
        var fromClient = Data(), fromServer = Data()
        while let request = Self.message(from: client, buffer: &fromClient) {
            guard Self.write(request, to: server), let answer = Self.message(from: server, buffer: &fromServer) else { return }
            let line = String(decoding: request.prefix(while: { $0 != 13 }), as: UTF8.self)
            if shouldDrop(line) {
                dropped.withLock { $0 += 1 }
                shutdown(client, Int32(SHUT_RDWR))
                return
            }
            guard Self.write(answer, to: client) else { return }
        }
    }

    /// One whole HTTP message (head and Content-Length body) read from `fd`, or nil at the end.
    private static func message(from fd: Int32, buffer: inout Data) -> Data? {
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = buffer.range(of: separator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let total = end.upperBound - buffer.startIndex + length
                if buffer.count >= total {
                    let message = buffer.prefix(total)
                    buffer = Data(buffer.dropFirst(total))
                    return Data(message)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private static func write(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = LoopbackSocket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
