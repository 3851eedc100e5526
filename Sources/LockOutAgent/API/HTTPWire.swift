import Foundation

/// Turns requests and responses into HTTP/1.1 bytes and responses back, for the server and the client.
enum HTTPWire {
    /// The response's bytes with `Content-Length`, `Content-Type` (plain text unless set) and `Connection: close`.
    static func bytes(of response: HTTPResponse) -> Data {
        var headers = response.headers
        headers["Content-Length"] = "\(response.body.count)"
        headers["Connection"] = "close"
        if headers["Content-Type"] == nil { headers["Content-Type"] = "text/plain; charset=utf-8" }
        return head(status: response.status, headers: headers) + response.body
    }

    /// The head of a streamed response: `Content-Type`, `Cache-Control: no-store`, `Connection: close` and no
    /// `Content-Length`, because the body ends when the connection closes.
    static func streamHead(of response: HTTPResponse) -> Data {
        var headers = response.headers
        headers["Content-Length"] = nil
        headers["Transfer-Encoding"] = nil
        if headers["Content-Type"] == nil { headers["Content-Type"] = "application/x-ndjson" }
        headers["Cache-Control"] = "no-store"
        headers["Connection"] = "close"
        return head(status: response.status, headers: headers)
    }

    private static func head(status: Int, headers: HTTPHeaders) -> Data {
        var head = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
        for field in headers.fields {
            head += "\(field.name): \(field.value)\r\n"
        }
        return Data((head + "\r\n").utf8)
    }

    /// The request's bytes, addressed to `127.0.0.1:port`, with `Content-Length` and `Connection: close`.
    static func bytes(of request: HTTPRequest, port: Int) -> Data {
        var headers = request.headers
        if headers["Host"] == nil { headers["Host"] = "127.0.0.1:\(port)" }
        headers["Content-Length"] = "\(request.body.count)"
        headers["Connection"] = "close"
        var head = "\(request.method.rawValue) \(target(path: request.path, query: request.query)) HTTP/1.1\r\n"
        for field in headers.fields {
            head += "\(field.name): \(field.value)\r\n"
        }
        return Data((head + "\r\n").utf8) + request.body
    }

    /// `path` and `query` percent-encoded as a request target, query names sorted.
    static func target(path: String, query: [String: String]) -> String {
        let encodedPath = path.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? "/"
        guard !query.isEmpty else { return encodedPath }
        let pairs = query.sorted { $0.key < $1.key }.map { name, value in
            "\(encodeQueryComponent(name))=\(encodeQueryComponent(value))"
        }
        return encodedPath + "?" + pairs.joined(separator: "&")
    }

    /// A whole response as read until the server closed the connection.
    static func response(from bytes: Data) -> HTTPResponse? {
        guard let parsed = responseHead(in: bytes), let length = bodyLength(of: parsed.head) else { return nil }
        var body = Data(bytes[parsed.bodyStart...])
        if case .declared(let count) = length {
            guard count <= body.count else { return nil }
            body = body.prefix(count)
        }
        return HTTPResponse(status: parsed.head.status, headers: parsed.head.headers, body: body)
    }

    /// The status and headers of the response whose head `bytes` start with, and the index its body starts at;
    /// nil when the head is incomplete or malformed.
    static func responseHead(in bytes: Data) -> (head: HTTPResponse, bodyStart: Data.Index)? {
        guard let headEnd = bytes.firstRange(of: Data("\r\n\r\n".utf8)),
              let head = String(bytes: bytes[bytes.startIndex..<headEnd.lowerBound], encoding: .utf8)
        else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.add(name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (HTTPResponse(status: status, headers: headers), headEnd.upperBound)
    }

    /// How a response's body ends.
    enum BodyLength: Equatable {
        /// After `Content-Length` bytes.
        case declared(Int)
        /// When the server closes the connection.
        case untilClose
    }

    /// How the body of the response with this head ends; nil when `Content-Length` is malformed.
    static func bodyLength(of head: HTTPResponse) -> BodyLength? {
        guard let declared = head.headers["Content-Length"] else { return .untilClose }
        guard let count = Int(declared), count >= 0 else { return nil }
        return .declared(count)
    }

    /// The standard reason phrase, or "Unknown".
    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }

    /// RFC 3986 unreserved characters plus the sub-delimiters, `:`, `@` and `/` that a path may hold as is.
    private static let pathCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static func encodeQueryComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
