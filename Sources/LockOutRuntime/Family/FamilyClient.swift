import Foundation
import LockOutCore

/// Why a call to the family server failed.
public enum FamilyClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached or did not answer in time.
    case unreachable(server: URL, reason: String)
    /// The server answered with a refusal.
    case refused(status: Int, code: String, message: String, retryAfter: TimeInterval?)
    /// The server's answer did not decode.
    case malformedAnswer(String)

    public var description: String {
        switch self {
        case .unreachable(let server, let reason): "the family server at \(server.absoluteString) cannot be reached: \(reason)"
        case .refused(let status, _, let message, _): "the family server refused (\(status)): \(message)"
        case .malformedAnswer(let reason): "the family server's answer does not decode: \(reason)"
        }
    }

    /// What the failure means for queued items: the network, 5xx, 408 and 429 are transient.
    public var syncFailure: SyncFailure {
        switch self {
        case .unreachable(_, let reason): .transient(reason: "server unreachable (\(reason))", retryAfter: nil)
        case .refused(let status, _, let message, let retryAfter): .classify(status: status, reason: message, retryAfter: retryAfter)
        case .malformedAnswer(let reason): .transient(reason: reason, retryAfter: nil)
        }
    }
}

/// The family server's API as blocking calls (for the CLI, and the agent's sync queue), over the platform's
/// transport. The bearer token goes in the Authorization header only.
public final class FamilyClient: Sendable {
    public let server: URL
    let token: String?
    let api: any FamilyTransport
    /// The round's budget: no request is sent once it is spent, and none outlasts it; nil: none.
    let budget: RoundBudget?
    static let timeout: TimeInterval = 20

    /// A client of `server`, as the device holding `token` (nil before it has one), through `connector`, within
    /// `budget` when there is one.
    public init(server: URL, token: String?, connector: FamilyConnector, budget: RoundBudget? = nil) {
        self.server = server
        self.token = token
        self.budget = budget
        api = connector.transport(to: server)
    }

    deinit { api.shutdown() }

    /// Closes the connections and the client's thread.
    public func shutdown() { api.shutdown() }

    public func createFamily(_ body: SyncAPI.CreateFamily) throws(FamilyClientError) -> SyncAPI.Credentials {
        try call(.POST, "/v1/families", body: body)
    }

    public func createPairing(mode: DeviceMode, childName: String? = nil, welcome: String? = nil) throws(FamilyClientError) -> SyncAPI.Pairing {
        try call(.POST, "/v1/pairings", body: SyncAPI.CreatePairing(mode: mode, childName: childName, welcome: welcome))
    }

    public func redeem(_ body: SyncAPI.Redeem) throws(FamilyClientError) -> SyncAPI.Credentials {
        try call(.POST, "/v1/pairings/redeem", body: body)
    }

    public func push(_ mutations: [SyncMutation]) throws(FamilyClientError) -> SyncAPI.PushResult {
        try call(.POST, "/v1/mutations", body: SyncAPI.Push(mutations: mutations))
    }

    public func changes(since token: String) throws(FamilyClientError) -> SyncAPI.Changes {
        try call(.GET, "/v1/changes", query: ["since": token], body: Optional<String>.none)
    }

    public func devices() throws(FamilyClientError) -> [RegisteredDevice] {
        let answer: SyncAPI.Devices = try call(.GET, "/v1/devices", body: Optional<String>.none)
        return answer.devices
    }

    public func rename(_ device: DeviceID, to name: String) throws(FamilyClientError) -> RegisteredDevice {
        try call(.PATCH, "/v1/devices/\(device)", body: SyncAPI.Rename(name: name))
    }

    /// Revokes `device`; in an end-to-end family with the next epochs of the scopes it was in (`rotations`),
    /// committed with the revocation or not at all.
    public func revoke(_ device: DeviceID, rotations: [EpochCommit] = []) throws(FamilyClientError) {
        guard !rotations.isEmpty else { return try callWithoutAnswer(.POST, "/v1/devices/\(device)/revoke") }
        let data: Data
        do { data = try SyncJSON.encoder().encode(SyncAPI.Revoke(rotations: rotations)) } catch { throw .malformedAnswer("\(error)") }
        _ = try send(request(.POST, "/v1/devices/\(device)/revoke", body: data))
    }

    public func delete(_ device: DeviceID) throws(FamilyClientError) {
        try callWithoutAnswer(.DELETE, "/v1/devices/\(device)")
    }

    public func deleteFamily() throws(FamilyClientError) {
        try callWithoutAnswer(.DELETE, "/v1/family")
    }

    /// Sends this device's public keys; the same keys again change nothing.
    public func setKeys(_ keys: DevicePublicKeys) throws(FamilyClientError) {
        let data: Data
        do { data = try SyncJSON.encoder().encode(keys) } catch { throw .malformedAnswer("\(error)") }
        _ = try send(request(.PUT, "/v1/keys", body: data))
    }

    /// The public keys and epoch commits this device may read.
    public func keys() throws(FamilyClientError) -> SyncAPI.Keys {
        try call(.GET, "/v1/keys", body: Optional<String>.none)
    }

    /// Commits a scope's next epoch (a parent).
    public func commitEpoch(_ commit: EpochCommit) throws(FamilyClientError) -> SyncAPI.EpochCommitted {
        try call(.POST, "/v1/epochs", body: commit)
    }

    // MARK: - Plumbing

    func request(_ method: Method, _ path: String, query: [String: String] = [:], body: Data?) -> FamilyRequest {
        var headers = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if body != nil { headers["Content-Type"] = "application/json" }
        return FamilyRequest(method: method.rawValue, path: path, query: query, headers: headers, body: body ?? Data())
    }

    /// The methods the API uses.
    enum Method: String {
        case GET, POST, PUT, PATCH, DELETE
    }

    private func call<Answer: Decodable>(
        _ method: Method, _ path: String, query: [String: String] = [:], body: (some Encodable)?
    ) throws(FamilyClientError) -> Answer {
        let data: Data?
        do { data = try body.map { try SyncJSON.encoder().encode($0) } } catch { throw .malformedAnswer("\(error)") }
        let response = try send(request(method, path, query: query, body: data))
        do {
            return try SyncJSON.decoder().decode(Answer.self, from: response.body)
        } catch {
            throw .malformedAnswer("\(error)")
        }
    }

    private func callWithoutAnswer(_ method: Method, _ path: String) throws(FamilyClientError) {
        _ = try send(request(method, path, body: nil))
    }

    func send(_ request: FamilyRequest) throws(FamilyClientError) -> FamilyResponse {
        let response: FamilyResponse
        do throws(FamilyTransportError) {
            if let budget {
                guard let timeout = budget.timeForRequest(upTo: Self.timeout) else { throw FamilyTransportError(RoundBudget.spentReason) }
                response = try api.send(request, timeout: timeout, budget: budget)
            } else {
                response = try api.send(request, timeout: Self.timeout)
            }
        } catch {
            throw .unreachable(server: server, reason: error.description)
        }
        guard (200..<300).contains(response.status) else {
            throw Self.refusal(response)
        }
        return response
    }

    static func refusal(_ response: FamilyResponse) -> FamilyClientError {
        let body = try? SyncJSON.decoder().decode(SyncAPI.ErrorBody.self, from: response.body)
        let retryAfter = RetryAfter.seconds(response.header("Retry-After"), now: Date())
        return .refused(status: response.status, code: body?.code ?? "http_\(response.status)",
                        message: body?.error ?? "HTTP \(response.status)", retryAfter: retryAfter)
    }
}
