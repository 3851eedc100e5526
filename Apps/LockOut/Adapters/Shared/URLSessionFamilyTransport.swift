import Foundation
import LockOutRuntime
import Synchronization

/// The family server's transport on iPhone, iPad and Mac: URLSession, over HTTPS (or HTTP where the server's URL
/// says so and App Transport Security lets it through).
///
/// The port is blocking: the runtime calls `send` from a queue of its own (never the main actor) and waits for
/// the whole answer, as the Linux transport does, or until the round's budget is stopped. The session's callbacks run on its own queue, so the wait never
/// holds up the answer. Redirects are refused and the answer's status returned as it is, as on Linux: the family
/// server never redirects, and a token must not follow a redirect to another host.
final class URLSessionFamilyTransport: FamilyTransport {
    /// The largest answer accepted, as on Linux.
    static let maxResponseBytes = 64 << 20

    private let server: URL
    private let session: URLSession

    /// A transport to `server`; nothing is cached and no cookie is kept.
    init(server: URL) {
        self.server = server
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.waitsForConnectivity = false
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
        try perform(request, timeout: timeout, budget: nil)
    }

    /// Sends like `send(_:timeout:)`, and gives the request up as soon as `budget` is stopped (a background
    /// refresh's time ran out): the data task is cancelled and the wait ends at once.
    func send(_ request: FamilyRequest, timeout: TimeInterval, budget: RoundBudget) throws(FamilyTransportError) -> FamilyResponse
    {
        try perform(request, timeout: timeout, budget: budget)
    }

    private func perform(_ request: FamilyRequest, timeout: TimeInterval, budget: RoundBudget?) throws(FamilyTransportError)
        -> FamilyResponse
    {
        let prepared = try urlRequest(for: request, timeout: timeout)
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: prepared) { data, response, error in
            answer.result.withLock { $0 = Answer.outcome(data: data, response: response, error: error) }
            done.signal()
        }
        let stop = budget?.whenStopped {
            task.cancel()
            done.signal()
        }
        defer { if let stop { budget?.forget(stop) } }
        task.resume()
        guard done.wait(timeout: .now() + timeout) == .success else {
            task.cancel()
            throw FamilyTransportError(String(localized: "no answer within \(timeout) s"))
        }
        if budget?.isSpent == true, answer.result.withLock({ $0 == nil }) {
            throw FamilyTransportError(RoundBudget.spentReason)
        }
        let outcome =
            answer.result.withLock { $0 } ?? .failure(FamilyTransportError(String(localized: "the request failed: no answer")))
        switch outcome {
        case .success(let response):
            return response
        case .failure(let error):
            throw error
        }
    }

    func shutdown() {
        session.invalidateAndCancel()
    }

    /// The URL request for `request`: its path and query under the server's URL, percent-encoded as the Linux
    /// transport encodes them, its header fields and its body.
    private func urlRequest(for request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> URLRequest {
        var target = server.absoluteString
        if target.hasSuffix("/") { target.removeLast() }
        target += Self.percentEncoded(request.path, keeping: "/")
        if !request.query.isEmpty {
            target += "?"
            target += request.query.sorted { $0.key < $1.key }
                .map { Self.percentEncoded($0.key) + "=" + Self.percentEncoded($0.value) }
                .joined(separator: "&")
        }
        guard let url = URL(string: target) else {
            throw FamilyTransportError(String(localized: "the request failed: not a URL: \(target)"))
        }
        var prepared = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        prepared.httpMethod = request.method
        for (name, value) in request.headers {
            prepared.setValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty || request.method != "GET" {
            prepared.httpBody = request.body
        }
        return prepared
    }

    /// `text` with every byte outside the unreserved set (and `keeping`) percent-encoded.
    private static func percentEncoded(_ text: String, keeping: String = "") -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + keeping)
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// What the session answered, handed from its queue to the waiting caller.
    private final class Answer: Sendable {
        let result = Mutex<Result<FamilyResponse, FamilyTransportError>?>(nil)

        /// The port's answer for what the session gave: the status, the header fields and the body, or why
        /// there is none, in words.
        static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
            FamilyResponse, FamilyTransportError
        > {
            if let error = error as? URLError {
                return .failure(FamilyTransportError(Self.words(for: error)))
            }
            if let error {
                return .failure(FamilyTransportError(String(localized: "the request failed: \(error.localizedDescription)")))
            }
            guard let http = response as? HTTPURLResponse else {
                return .failure(FamilyTransportError(String(localized: "the request failed: not an HTTP answer")))
            }
            let body = data ?? Data()
            guard body.count <= URLSessionFamilyTransport.maxResponseBytes else {
                return .failure(FamilyTransportError(String(localized: "the request failed: the answer is larger than 64 MiB")))
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            return .success(FamilyResponse(status: http.statusCode, headers: headers, body: body))
        }

        /// A URL error in the words the Linux transport uses.
        private static func words(for error: URLError) -> String {
            switch error.code {
            case .timedOut:
                String(localized: "no answer within the time allowed")
            case .cannotConnectToHost, .cannotFindHost:
                String(localized: "nothing answers at \(error.failingURL?.host() ?? ""): \(error.localizedDescription)")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
                String(localized: "the secure connection failed: \(error.localizedDescription)")
            default:
                String(localized: "the request failed: \(error.localizedDescription)")
            }
        }
    }
}

/// Refuses every redirect, so the answer that asked for it is what the caller gets.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest
    ) async -> URLRequest? {
        nil
    }
}

extension FamilyConnector {
    /// iPhone, iPad and Mac: URLSession, over HTTPS or HTTP as the server's URL says.
    static let urlSession = FamilyConnector { URLSessionFamilyTransport(server: $0) }
}
