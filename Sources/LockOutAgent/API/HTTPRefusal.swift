import NIOCore
import NIOHTTP1

/// Why the server refused a request before any handler saw it; the one place that maps transport
/// faults to statuses. Each is answered with `{"error": …}` and `Connection: close`.
///
/// | fault | status |
/// |---|---|
/// | unparsable bytes, a bad `Content-Length` or chunk, a target that is not a path, no `Host` | 400 |
/// | a `Host` other than the agent's own loopback address and port (DNS rebinding) | 403 |
/// | `CONNECT` (the agent is no proxy, and a tunnel would end HTTP on the connection) | 405 |
/// | a body not whole within the request timeout (a head not whole: closed without an answer) | 408 |
/// | a body over the body limit | 413 |
/// | a header section over the header limits | 431 |
enum HTTPRefusal: Error, Equatable {
    /// The bytes are not an HTTP/1.x request; `reason` is the parser's.
    case malformed(reason: String)
    /// The target is not an origin-form path (`/…`) or its percent-encoding is broken.
    case malformedTarget(String)
    /// No `Host` field, or more than one.
    case missingHost(count: Int)
    /// A `Host` that is not this server's loopback address and port.
    case foreignHost(String, expected: String)
    /// A method that turns the connection into something else (`CONNECT`).
    case tunnelRefused(method: String)
    /// The body did not arrive whole within `milliseconds` of the connection or the last answer.
    case timedOut(milliseconds: Int64)
    /// The body is, or was announced as, larger than `limit` bytes.
    case bodyTooLarge(limit: Int)
    /// The header section passed `limits`.
    case headersTooLarge(HTTPServer.Limits)

    /// The refusal for an error the HTTP decoder raised.
    init(decoding error: any Error, limits: HTTPServer.Limits) {
        switch error as? HTTPParserError {
        case .headerOverflow?: self = .headersTooLarge(limits)
        case .some(let parserError): self = .malformed(reason: "\(parserError)")
        case nil: self = .malformed(reason: "\(error)")
        }
    }

    /// The status to answer with.
    var status: HTTPResponseStatus {
        switch self {
        case .malformed, .malformedTarget, .missingHost: .badRequest
        case .foreignHost: .forbidden
        case .tunnelRefused: .methodNotAllowed
        case .timedOut: .requestTimeout
        case .bodyTooLarge: .payloadTooLarge
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        }
    }

    /// What the client is told.
    var message: String {
        switch self {
        case .malformed(let reason):
            "malformed HTTP request (\(reason))"
        case .malformedTarget(let target):
            "malformed request target \(target.prefix(200)): expected a path starting with / and valid percent-encoding"
        case .missingHost(let count):
            count == 0 ? "the request has no Host header" : "the request has \(count) Host headers; exactly one is allowed"
        case .foreignHost(let host, let expected):
            "Host \(host.prefix(200)) is not this agent (\(expected)): refused, a web page may be reaching it through DNS rebinding"
        case .tunnelRefused(let method):
            "method \(method) is not allowed: the agent is no proxy"
        case .timedOut(let milliseconds):
            milliseconds % 1000 == 0
                ? "no complete request within \(milliseconds / 1000) s" : "no complete request within \(milliseconds) ms"
        case .bodyTooLarge(let limit):
            "the body is larger than \(limit) bytes"
        case .headersTooLarge(let limits):
            "the header section is larger than \(limits.maxHeaderBytes) bytes or has more than \(limits.maxHeaderFields) fields"
        }
    }

    /// The JSON error response.
    var response: HTTPResponse {
        .error(Int(status.code), message)
    }
}
