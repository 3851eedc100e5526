import Foundation
import HTTPTypes
import Hummingbird
import LockOutCore
import NIOCore
import NIOHTTP1

/// A refusal the API answers with its status, a JSON body `{"error": …, "code": …}`, and headers such as `Retry-After`.
public struct APIError: Error, HTTPResponseError, CustomStringConvertible {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var headers: HTTPFields = [:]

    /// A refusal with `status`.
    public init(_ status: HTTPResponse.Status, code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    /// Whether the connection closes after this answer: the request's body may be left unread (413), or the
    /// request was not one this server speaks (405).
    public var closesConnection: Bool {
        status == .contentTooLarge && code != "storage_full" || status == .methodNotAllowed
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try JSONEncoder().encode(SyncAPI.ErrorBody(error: message, code: code))
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        if closesConnection { fields[.connection] = "close" }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The answer to a storage refusal: each maps to its status here, in one place.
    static func from(_ refusal: StorageRefusal) -> APIError {
        switch refusal {
        case .unauthenticated: APIError(.unauthorized, code: "unauthenticated", refusal.description)
        case .forbidden: APIError(.forbidden, code: "forbidden", refusal.description)
        case .unknownDevice: APIError(.notFound, code: "unknown_device", refusal.description)
        case .pairingInvalid: APIError(.forbidden, code: "pairing_invalid", refusal.description)
        case .pairingModeMismatch: APIError(.conflict, code: "pairing_mode", refusal.description)
        case .pairingNeedsKeys: APIError(.badRequest, code: "pairing_needs_keys", refusal.description)
        case .deviceExists: APIError(.conflict, code: "device_exists", refusal.description)
        case .invalid: APIError(.badRequest, code: "invalid", refusal.description)
        case .storageFull: APIError(.contentTooLarge, code: "storage_full", refusal.description)
        case .staleEpoch: APIError(.conflict, code: "stale_epoch", refusal.description)
        case .rotationPending: APIError(.conflict, code: "rotation_pending", refusal.description)
        case .keysAlreadySet: APIError(.conflict, code: "keys_set", refusal.description)
        case .rosterChanged: APIError(.conflict, code: "roster_changed", refusal.description)
        }
    }

    /// The answer to any error a route threw: refusals keep their status; a body that does not decode, or a request
    /// that is not valid HTTP or ends before its body does (the client hung up), is a 400; what is left is the
    /// server's fault.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case let refusal as StorageRefusal: return from(refusal)
        case let refusal as FamilyInputError: return APIError(.badRequest, code: "invalid", refusal.description)
        case let error as DecodingError: return APIError(.badRequest, code: "malformed_json", DecodingErrorText.describe(error))
        case is NIOTooManyBytesError:
            return APIError(.contentTooLarge, code: "body_too_large", "the body is over \(FamilyServer.maximumBodyBytes) bytes")
        case let error as HTTPError where error.status == .contentTooLarge:
            return APIError(.contentTooLarge, code: "body_too_large", "the body is over \(FamilyServer.maximumBodyBytes) bytes")
        case let error as HTTPError where (400..<500).contains(error.status.code):
            return APIError(error.status, code: "bad_request", error.body ?? error.status.reasonPhrase)
        case HTTPParserError.invalidEOFState:
            return APIError(.badRequest, code: "incomplete_request", "the connection ended before the request's body did")
        case let error as HTTPParserError:
            return APIError(.badRequest, code: "bad_request", "the request is not valid HTTP: \(error.debugDescription)")
        default: return APIError(.internalServerError, code: "internal", "the server failed; it was logged")
        }
    }
}

/// Says what was wrong with a JSON body in one line, naming the field.
enum DecodingErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) is missing"
        case .keyNotFound(let key, let context):
            let prefix = context.codingPath.isEmpty ? "" : path(context) + "."
            return "\(prefix)\(key.stringValue) is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "\(path(context)) is not valid"
        @unknown default: return "the body does not decode"
        }
    }
}
