import Foundation

/// One call to the family server as the runtime builds it: method, decoded path and query, header fields, body.
public struct FamilyRequest: Sendable, Equatable {
    /// The method, like `GET` or `POST`.
    public var method: String
    /// The path, like `/v1/changes`, without the query.
    public var path: String
    /// The query parameters, encoded by the transport.
    public var query: [String: String]
    /// The header fields, by name.
    public var headers: [String: String]
    /// The body, empty when there is none.
    public var body: Data

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// The family server's answer to one call.
public struct FamilyResponse: Sendable, Equatable {
    /// The status code, like 200.
    public var status: Int
    /// The header fields, with names in lower case.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// An answer with `status`; header names are kept in lower case, so `header(_:)` ignores case.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of the header field `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a call reached no answer: the network, a timeout, a TLS failure — said in words.
public struct FamilyTransportError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The port to the family server: one blocking call at a time, over HTTP or HTTPS as the server URL says.
/// Linux sends through AsyncHTTPClient (LockOutAgent); the Apple apps through URLSession.
public protocol FamilyTransport: Sendable {
    /// Sends `request` to the server and waits up to `timeout` for the whole answer.
    func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse
    /// Sends `request` like `send(_:timeout:)`, and gives it up as soon as `budget` is stopped. By default the call
    /// runs to its answer or its timeout, which the caller has already cut to what is left of the budget.
    func send(_ request: FamilyRequest, timeout: TimeInterval, budget: RoundBudget) throws(FamilyTransportError) -> FamilyResponse
    /// Closes the connections; the transport is not used after.
    func shutdown()
}

extension FamilyTransport {
    public func send(_ request: FamilyRequest, timeout: TimeInterval, budget: RoundBudget) throws(FamilyTransportError) -> FamilyResponse {
        try send(request, timeout: timeout)
    }
}

/// Opens a transport to a server: how the runtime's services reach the family server on this platform.
public struct FamilyConnector: Sendable {
    private let open: @Sendable (URL) -> any FamilyTransport

    /// A connector that opens transports with `open`.
    public init(_ open: @escaping @Sendable (URL) -> any FamilyTransport) {
        self.open = open
    }

    /// A transport to `server`.
    public func transport(to server: URL) -> any FamilyTransport { open(server) }
}
