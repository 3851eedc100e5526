import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a running agent listens and the token that lets a CLI in; kept in `agent.json`, readable by its owner only.
public struct AgentEndpoint: Codable, Hashable, Sendable {
    /// The agent's HTTP port on 127.0.0.1.
    public let port: Int
    /// The bearer token every API request must carry.
    public let token: String
    /// The agent's process id.
    public let pid: Int32

    /// An endpoint for the agent with `pid` listening on `port`.
    public init(port: Int, token: String, pid: Int32) {
        self.port = port
        self.token = token
        self.pid = pid
    }

    /// `http://127.0.0.1:PORT`, where the agent's API answers.
    public var baseURL: URL {
        // A literal address and a number always make a URL; the fallback only satisfies the type.
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The file's name inside the data directory.
    public static let fileName = "agent.json"

    /// Writes `agent.json` into `directory` (created with mode 0700 if missing) atomically and with mode 0600:
    /// the content goes into a new file that is 0600 from its creation, which then replaces the old one.
    public func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self)
        let target = directory.appendingPathComponent(Self.fileName)
        let temporary = directory.appendingPathComponent(".\(Self.fileName).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AgentEndpointError.writeFailed(path: temporary.path, errno: errno) }
        var failure: Int32?
        if fchmod(fd, 0o600) != 0 { failure = errno }  // the umask may only have taken bits away; make it exact
        if failure == nil { failure = Self.writeAll(data, to: fd) }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == nil, rename(temporary.path, target.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw AgentEndpointError.writeFailed(path: target.path, errno: failure)
        }
    }

    /// The endpoint written into `directory`, or nil when no agent wrote one.
    public static func read(from directory: URL) throws -> AgentEndpoint? {
        let file = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try JSONDecoder().decode(AgentEndpoint.self, from: Data(contentsOf: file))
        } catch {
            throw AgentEndpointError.unreadable(path: file.path)
        }
    }

    /// Deletes `agent.json` from `directory`; nothing happens when it's missing.
    public static func remove(from directory: URL) throws {
        let path = directory.appendingPathComponent(fileName).path
        guard unlink(path) == 0 || errno == ENOENT else { throw AgentEndpointError.removeFailed(path: path, errno: errno) }
    }

    /// A fresh token: 32 bytes from the system's secure random source, as 64 lowercase hex digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }

    /// Whether `request` carries `Authorization: Bearer <token>`; the token is compared in constant time.
    public static func isAuthorized(_ request: HTTPRequest, token: String) -> Bool {
        guard !token.isEmpty, let authorization = request.headers.first(name: "Authorization") else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        return constantTimeEquals(Array(parts[1].utf8), Array(token.utf8))
    }

    /// The `Authorization` header value for `token`.
    public static func authorization(for token: String) -> String {
        "Bearer \(token)"
    }

    /// Compares every byte whatever the first difference, so timing doesn't tell how much of a guess was right.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }

    private static func writeAll(_ data: Data, to fd: Int32) -> Int32? {
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { writeBytes(fd, UnsafeRawBufferPointer(rebasing: $0[written...])) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            written += count
        }
        return nil
    }
}

/// What went wrong with the endpoint file.
public enum AgentEndpointError: Error, Equatable, Sendable {
    /// The file couldn't be written; `errno` says why.
    case writeFailed(path: String, errno: Int32)
    /// The file exists but isn't an endpoint.
    case unreadable(path: String)
    /// The file couldn't be deleted.
    case removeFailed(path: String, errno: Int32)
}

/// The C `write`, under a name `AgentEndpoint.write(to:)` doesn't hide.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(fd, bytes.baseAddress, bytes.count)
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
