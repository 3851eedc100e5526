import Foundation
import LockOutRuntime
import NIOHTTP1

/// The family server's transport on Linux: an `APIClient` (AsyncHTTPClient with an event loop thread of its
/// own), so that a call blocks its caller and never Swift's global executor.
public final class FamilyHTTPTransport: FamilyTransport {
    let api: APIClient

    /// A transport to `server`, whose connections must be made within 10 s.
    public init(server: URL) {
        api = APIClient(baseURL: server, connectTimeout: 10)
    }

    public func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
        var headers = HTTPHeaders()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        let sent = HTTPRequest(method: HTTPMethod(rawValue: request.method), path: request.path, query: request.query,
                               headers: headers, body: request.body)
        let answer: HTTPResponse
        do {
            answer = try api.send(sent, timeout: timeout)
        } catch {
            throw FamilyTransportError(error.description)
        }
        // Repeated fields are joined as HTTP allows; the API's answers repeat none.
        var fields: [String: String] = [:]
        for (name, value) in answer.headers {
            let key = name.lowercased()
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        return FamilyResponse(status: answer.status, headers: fields, body: answer.body)
    }

    public func shutdown() { api.shutdown() }
}

extension FamilyConnector {
    /// Linux: AsyncHTTPClient, over HTTP or HTTPS as the server URL says.
    public static let http = FamilyConnector { FamilyHTTPTransport(server: $0) }
}
