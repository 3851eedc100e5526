import Foundation
import LockOutCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a request to the agent failed.
public enum AgentLinkError: Error, Equatable, CustomStringConvertible {
    case noEndpoint(path: String)
    case unreachable(port: Int, errno: Int32)
    case badResponse(String)
    case refused(status: Int, message: String)

    public var description: String {
        switch self {
        case .noEndpoint(let path): "no agent endpoint at \(path): is `lockout run` running?"
        case .unreachable(let port, let code): "the agent on port \(port) does not answer: \(String(cString: strerror(code)))"
        case .badResponse(let what): "the agent answered something unreadable: \(what)"
        case .refused(let status, let message): "the agent refused (\(status)): \(message)"
        }
    }
}

/// The break screen's way to the agent's API: one short HTTP/1.1 request per call on a socket of its own to
/// 127.0.0.1, with the bearer token of the agent's endpoint file. A blocking client of a few dozen lines keeps
/// the break screen small and quick to start (no event loop, no HTTP library) — it asks about twice a second.
public struct AgentLink: Sendable {
    public let port: Int
    let token: String
    /// How long one request may take before it counts as unanswered.
    let timeoutSeconds: Int

    public init(port: Int, token: String, timeoutSeconds: Int = 2) {
        self.port = port
        self.token = token
        self.timeoutSeconds = timeoutSeconds
    }

    /// The link to the agent whose endpoint file (`agent.json`) is in `directory`.
    public init(directory: URL) throws(AgentLinkError) {
        struct Endpoint: Decodable { let port: Int; let token: String }
        let file = directory.appendingPathComponent("agent.json")
        guard let data = try? Data(contentsOf: file), let endpoint = try? JSONDecoder().decode(Endpoint.self, from: data) else {
            throw .noEndpoint(path: file.path)
        }
        self.init(port: endpoint.port, token: endpoint.token)
    }

    /// `GET /v1/status`.
    public func status() throws(AgentLinkError) -> DashboardScreen {
        try decode(DashboardScreen.self, request("GET", "/v1/status"))
    }

    /// `GET /v1/settings`.
    public func settings() throws(AgentLinkError) -> BreakSettings {
        try decode(BreakSettings.self, request("GET", "/v1/settings"))
    }

    /// `POST /v1/commands`: the agent's status after `command`.
    public func send(_ command: BreakCommand) throws(AgentLinkError) -> DashboardScreen {
        let body: Data
        do { body = try Self.encoder.encode(command) } catch { throw .badResponse("\(error)") }
        return try decode(DashboardScreen.self, request("POST", "/v1/commands", body: body))
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private func decode<Value: Decodable>(_ type: Value.Type, _ body: Data) throws(AgentLinkError) -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(type, from: body) } catch { throw .badResponse("\(error)") }
    }

    /// One request with `Connection: close`; answers the body of a 2xx response.
    func request(_ method: String, _ path: String, body: Data = Data()) throws(AgentLinkError) -> Data {
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let response = try exchange(Data(head.utf8) + body)
        return try HTTPAnswer.body(of: response)
    }

    private func exchange(_ request: Data) throws(AgentLinkError) -> Data {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .unreachable(port: port, errno: errno) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw .unreachable(port: port, errno: errno) }
        let sent = request.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = socketSend(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard sent else { throw .unreachable(port: port, errno: errno) }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            guard count > 0 else { throw .unreachable(port: port, errno: errno) }
            response.append(contentsOf: buffer[0..<count])
        }
        return response
    }
}

#if canImport(Glibc)
private let socketSend = Glibc.send
#else
private let socketSend = Darwin.send
#endif

/// Reads an HTTP/1.1 response the agent sent with `Content-Length` and `Connection: close`.
enum HTTPAnswer {
    static func body(of response: Data) throws(AgentLinkError) -> Data {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = response.range(of: separator) else { throw .badResponse("no end of the response's head") }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self)
        let body = Data(response[end.upperBound...])
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw .badResponse("status line '\(statusLine)'")
        }
        guard (200..<300).contains(status) else {
            struct Refusal: Decodable { let error: String }
            let message = (try? JSONDecoder().decode(Refusal.self, from: body))?.error ?? String(decoding: body, as: UTF8.self)
            throw .refused(status: status, message: message)
        }
        return body
    }
}
