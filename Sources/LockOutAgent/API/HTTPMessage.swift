import Foundation

/// An HTTP request method, like `GET`; methods are case-sensitive.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method as sent on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as sent on the wire.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Lets `"GET"` stand for a method.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The method's name.
    public var description: String { rawValue }

    /// `GET`.
    public static let get: HTTPMethod = "GET"
    /// `POST`.
    public static let post: HTTPMethod = "POST"
    /// `PUT`.
    public static let put: HTTPMethod = "PUT"
    /// `DELETE`.
    public static let delete: HTTPMethod = "DELETE"
}

/// Header fields in the order they came, looked up by name without regard to case.
public struct HTTPHeaders: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One `name: value` line.
    public struct Field: Hashable, Sendable {
        /// The name as it was written.
        public let name: String
        /// The value without surrounding whitespace.
        public let value: String
    }

    /// Every field, in order.
    public private(set) var fields: [Field] = []

    /// No fields.
    public init() {}

    /// The given fields, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of the field `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }
}

/// A request as the agent's handlers see it.
public struct HTTPRequest: Hashable, Sendable {
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
}

/// A response to send back; the server adds `Content-Length` (unless the body is streamed) and `Connection: close`.
public struct HTTPResponse: Hashable, Sendable {
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
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
