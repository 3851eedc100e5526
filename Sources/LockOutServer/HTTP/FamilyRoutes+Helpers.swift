import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LockOutCore
import Logging
import NIOCore

extension FamilyRoutes {
    /// The device the bearer token names, rate-limited per device; 401 without a valid, unrevoked token.
    /// The token is read from the Authorization header only — never from the URL — and never logged.
    func authenticate(_ request: Request, _ context: ServerContext) async throws -> Caller {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
              case let token = String(header.dropFirst("Bearer ".count)), !token.isEmpty, token.count <= 200
        else { throw APIError(.unauthorized, code: "unauthenticated", "a bearer token is needed") }
        let now = configuration.now()
        let hash = Self.hash(token)
        let caller: Caller
        if let known = authentication.caller(for: hash, now: now) {
            caller = known
        } else {
            guard let found = try await storage.authenticate(tokenHash: hash, now: now) else {
                throw APIError(.unauthorized, code: "unauthenticated", "unknown or revoked token")
            }
            authentication.remember(found, for: hash, now: now)
            caller = found
        }
        if let wait = configuration.deviceLimiter.spend("device:\(caller.device)", now: now) {
            throw Self.tooMany(wait)
        }
        return caller
    }

    /// Rate-limits a request without a token by its peer's address.
    func limitOpen(_ context: ServerContext) throws {
        if let wait = configuration.openLimiter.spend("peer:\(context.peer)", now: configuration.now()) {
            throw Self.tooMany(wait)
        }
    }

    static func tooMany(_ seconds: Int) -> APIError {
        var error = APIError(.tooManyRequests, code: "rate_limited", "too many requests: try again in \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    /// The body decoded as `T`, read up to the body limit.
    func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        guard let value = try await decodeIfPresent(type, request) else {
            throw APIError(.badRequest, code: "malformed_json", "the body is empty")
        }
        return value
    }

    /// The body decoded as `T`, read up to the body limit; nil when there is none.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T? {
        var request = request
        let buffer = try await request.collectBody(upTo: FamilyServer.maximumBodyBytes)
        guard buffer.readableBytes > 0 else { return nil }
        return try SyncJSON.decoder().decode(type, from: Data(buffer.readableBytesView))
    }

    func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try SyncJSON.encoder().encode(value)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    func text(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A query parameter's number: digits only, no sign and no leading zero, as the OpenAPI document's integers.
    static func decimal(_ text: String) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              text == "0" || !text.hasPrefix("0")
        else { return nil }
        return Int(text)
    }

    /// The device named in the path.
    func deviceParameter(_ context: ServerContext) throws -> DeviceID {
        guard let text = context.parameters.get("id"), let uuid = UUID(uuidString: text) else {
            throw APIError(.badRequest, code: "bad_device_id", "the device id must be a UUID")
        }
        return DeviceID(rawValue: uuid)
    }

    /// Where devices reach this server: the configured public URL, else `http://` and the Host the parent used.
    func publicURL(_ request: Request) throws -> URL {
        if let url = configuration.publicURL { return url }
        guard let authority = request.head.authority, let url = try? ServerAddress.validated("http://\(authority)") else {
            throw APIError(.badRequest, code: "no_host", "the request has no usable Host: start the server with --public-url")
        }
        return url
    }

    /// SHA-256 of a token or secret, as stored.
    static func hash(_ text: String) -> Data {
        Data(SHA256.hash(data: Data(text.utf8)))
    }
}

/// Which methods each route path has, for the `Allow` of a 405.
struct RouteMethods: Sendable {
    private let routes: [(segments: [Substring], methods: [HTTPRequest.Method])]
    /// Every method of any route, for a request no path can match (a `CONNECT host:port`).
    let all: [HTTPRequest.Method]

    init(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        var table: [(segments: [Substring], methods: [HTTPRequest.Method])] = []
        var all: [HTTPRequest.Method] = []
        for (path, method) in routes {
            let segments = path.split(separator: "/")
            if let index = table.firstIndex(where: { $0.segments == segments }) {
                table[index].methods.append(method)
            } else {
                table.append((segments, [method]))
            }
            if !all.contains(method) { all.append(method) }
        }
        self.routes = table
        self.all = all
    }

    /// The methods of the route `path` names (`:name` segments match any one segment); nil when none does.
    func methods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return routes.first { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in pattern.hasPrefix(":") || pattern == segment }
        }?.methods
    }

    /// The refusal of a request the router matched no route for: 405 naming the methods its path has (every
    /// method for a `CONNECT`, whose target is no path), or nil for a path the API does not have.
    func refusal(for request: Request) -> APIError? {
        let allowed = request.method == .connect ? all : methods(for: request.uri.path)
        guard let allowed else { return nil }
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        var error = APIError(.methodNotAllowed, code: "method_not_allowed", "\(request.method.rawValue) is not a method of this route: use \(names)")
        error.headers[.allow] = names
        return error
    }
}

/// Measures every request, answers a method a route does not have with 405, turns every error into a JSON
/// refusal with its status, and logs each refusal with structured fields (never a token or a body).
struct RequestGuard: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics
    let logger: Logging.Logger
    let methods: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let route = context.endpointPath ?? "unmatched"
        let response: Response
        do {
            // The router found no handler: a path of the API asked with a method it does not have is a 405.
            if context.endpointPath == nil, let refusal = methods.refusal(for: request) { throw refusal }
            response = try await next(request, context)
        } catch {
            let refusal = APIError.from(error)
            if refusal.status.code >= 500 {
                logger.error("request failed", metadata: ["route": "\(route)", "method": "\(request.method)", "error": "\(error)"])
            } else {
                logger.notice("request refused", metadata: [
                    "route": "\(route)", "method": "\(request.method)", "status": "\(refusal.status.code)",
                    "code": "\(refusal.code)", "peer": "\(context.peer)", "reason": "\(refusal.message)",
                ])
            }
            metrics.refusal(code: refusal.code)
            // An answer to CONNECT carries no body (HTTP frames it by the connection's close): only the head.
            if request.method == .connect {
                var headers = refusal.headers
                headers[.connection] = "close"
                response = Response(status: refusal.status, headers: headers)
            } else {
                response = try refusal.response(from: request, context: context)
            }
        }
        metrics.request(route: route, method: request.method.rawValue, status: response.status.code, duration: ContinuousClock.now - start)
        return response
    }
}
