import Foundation
import LockOutRuntime
import NIOHTTP1

/// A request as the agent's handlers see it: the whole body read, the target split into a decoded path and query.
///
/// Method and header fields are NIOHTTP1's (`HTTPMethod`, `HTTPHeaders`: case-insensitive names, order kept).
public struct HTTPRequest: Sendable {
    /// The method, like `GET`.
    public var method: HTTPMethod
    /// The percent-decoded path, like `/v1/status`, without the query.
    public var path: String
    /// The percent-decoded query parameters; the last one wins when a name repeats.
    public var query: [String: String]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, empty when there is none.
    public var body: Data

    /// A request for `path` with the given query, headers and body.
    public init(method: HTTPMethod, path: String, query: [String: String] = [:], headers: HTTPHeaders = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The request whose target (`/path?query`) and head are given, or nil when the target is not an
    /// origin-form path or its percent-encoding is broken.
    init?(head: HTTPRequestHead, body: Data) {
        guard let (path, query) = Self.parseTarget(head.uri) else { return nil }
        self.init(method: head.method, path: path, query: query, headers: head.headers, body: body)
    }

    /// The percent-decoded path and query of an origin-form target (`+` in the query is a space), nil when
    /// the target does not start with `/` or its encoding is broken.
    static func parseTarget(_ target: String) -> (path: String, query: [String: String])? {
        guard target.hasPrefix("/") else { return nil }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = parts[0].removingPercentEncoding else { return nil }
        var query: [String: String] = [:]
        for pair in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String? { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decode(nameAndValue[0]), let value = decode(nameAndValue.dropFirst().first ?? "") else { return nil }
            query[name] = value
        }
        return (path, query)
    }
}

/// A response to send back; the server adds `Content-Length` (or chunked framing for a stream) and `Connection`.
public struct HTTPResponse: Sendable {
    /// The status code, like 200.
    public var status: Int
    /// The header fields; `Content-Type` defaults to plain UTF-8 text when missing.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// The body written piece by piece instead of `body`, or nil; set through `HTTPResponse.stream(_:contentType:status:)`.
    public internal(set) var bodyStream: HTTPBodyStream?

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// A JSON response with an already encoded body.
    public static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A JSON `{"error": message}` response: how the agent refuses anything.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json((try? AgentJSON.encoder().encode(APIErrorBody(error: message))) ?? Data(), status: status)
    }
}
