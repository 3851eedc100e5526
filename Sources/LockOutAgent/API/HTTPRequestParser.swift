import Foundation

/// Reads one HTTP/1.x request from the bytes received so far (RFC 9112), strictly: CRLF line ends,
/// origin-form targets, a body only by `Content-Length`.
enum HTTPRequestParser {
    /// How far the bytes received so far go.
    enum Outcome: Equatable {
        /// The header section isn't complete yet.
        case incomplete
        /// The header section is complete, the body isn't; `continueExpected` when the client sent
        /// `Expect: 100-continue` and waits for the go-ahead.
        case awaitingBody(continueExpected: Bool)
        /// A whole request.
        case complete(HTTPRequest)
        /// The request can't be served; answer with `status` and close.
        case rejected(status: Int, reason: String)
    }

    /// The largest header section accepted, request line included.
    static let maxHeaderBytes = 64 * 1024

    private static let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    static func parse(_ bytes: Data, maxBodyBytes: Int) -> Outcome {
        let searched = bytes.prefix(maxHeaderBytes + 4)
        guard let headEnd = searched.firstRange(of: Data("\r\n\r\n".utf8)) else {
            return bytes.count > maxHeaderBytes ? .rejected(status: 431, reason: "header section too large") : .incomplete
        }
        guard let head = String(bytes: bytes[bytes.startIndex..<headEnd.lowerBound], encoding: .utf8) else {
            return .rejected(status: 400, reason: "header section is not UTF-8")
        }
        let lines = head.components(separatedBy: "\r\n")
        guard lines.allSatisfy({ !$0.contains("\r") && !$0.contains("\n") }) else {
            return .rejected(status: 400, reason: "bare CR or LF")
        }
        let requestLine: (method: HTTPMethod, target: String)
        switch parseRequestLine(lines[0]) {
        case .success(let line): requestLine = line
        case .failure(let rejection): return rejection.outcome
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"),
                  case let name = String(line[..<colon]), isToken(name)
            else { return .rejected(status: 400, reason: "malformed header line") }
            headers.add(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .init(charactersIn: " \t")))
        }
        if lines[0].hasSuffix("HTTP/1.1"), headers["Host"] == nil {
            return .rejected(status: 400, reason: "missing Host")
        }
        if headers["Transfer-Encoding"] != nil {
            return .rejected(status: 501, reason: "transfer codings are not supported; send Content-Length")
        }
        let length: Int
        switch contentLength(headers) {
        case .success(let value): length = value
        case .failure(let rejection): return rejection.outcome
        }
        guard length <= maxBodyBytes else { return .rejected(status: 413, reason: "body larger than \(maxBodyBytes) bytes") }
        let bodyStart = headEnd.upperBound
        guard bytes.endIndex - bodyStart >= length else {
            return .awaitingBody(continueExpected: headers["Expect"]?.lowercased() == "100-continue")
        }
        guard let (path, query) = parseTarget(requestLine.target) else {
            return .rejected(status: 400, reason: "malformed percent-encoding in the target")
        }
        let body = Data(bytes[bodyStart..<(bodyStart + length)])
        return .complete(HTTPRequest(method: requestLine.method, path: path, query: query, headers: headers, body: body))
    }

    /// The percent-decoded path and query of an origin-form target, nil when the encoding is broken.
    static func parseTarget(_ target: String) -> (path: String, query: [String: String])? {
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

    private struct Rejection: Error {
        let status: Int
        let reason: String
        var outcome: Outcome { .rejected(status: status, reason: reason) }
    }

    private static func parseRequestLine(_ line: String) -> Result<(method: HTTPMethod, target: String), Rejection> {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, isToken(String(parts[0])), parts[1].hasPrefix("/") else {
            return .failure(Rejection(status: 400, reason: "malformed request line"))
        }
        switch parts[2] {
        case "HTTP/1.1", "HTTP/1.0": return .success((HTTPMethod(rawValue: String(parts[0])), String(parts[1])))
        case let version where version.hasPrefix("HTTP/"): return .failure(Rejection(status: 505, reason: "only HTTP/1.x"))
        default: return .failure(Rejection(status: 400, reason: "malformed request line"))
        }
    }

    /// The declared body length: 0 without the field; every value given must agree.
    private static func contentLength(_ headers: HTTPHeaders) -> Result<Int, Rejection> {
        let values = headers.values(for: "Content-Length").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = values.first else { return .success(0) }
        guard values.allSatisfy({ $0 == first }), !first.isEmpty, first.allSatisfy(\.isASCIIDigit) else {
            return .failure(Rejection(status: 400, reason: "malformed Content-Length"))
        }
        guard let length = Int(first) else { return .failure(Rejection(status: 413, reason: "body too large")) }
        return .success(length)
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy(tokenCharacters.contains)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
