import Foundation

/// Turns requests and responses into HTTP/1.1 bytes and responses back, for the server and the client.
enum HTTPWire {
    /// The response's bytes with `Content-Length`, `Content-Type` (plain text unless set) and `Connection: close`.
    static func bytes(of response: HTTPResponse) -> Data {
        var headers = response.headers
        headers["Content-Length"] = "\(response.body.count)"
        headers["Connection"] = "close"
        if headers["Content-Type"] == nil { headers["Content-Type"] = "text/plain; charset=utf-8" }
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(for: response.status))\r\n"
        for field in headers.fields {
            head += "\(field.name): \(field.value)\r\n"
        }
        return Data((head + "\r\n").utf8) + response.body
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
        var body = Data(bytes[headEnd.upperBound...])
        if let declared = headers["Content-Length"] {
            guard let length = Int(declared), length >= 0, length <= body.count else { return nil }
            body = body.prefix(length)
        }
        return HTTPResponse(status: status, headers: headers, body: body)
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
