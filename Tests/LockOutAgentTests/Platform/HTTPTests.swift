import Foundation
import Testing
@testable import LockOutAgent
#if canImport(Glibc)
import Glibc
#endif

/// What the echo handler saw, sent back as JSON.
private struct Echo: Codable, Equatable {
    let method: String
    let path: String
    let query: [String: String]
    let marker: String?
    let body: String
}

private func echo(_ request: HTTPRequest) async -> HTTPResponse {
    let seen = Echo(
        method: request.method.rawValue,
        path: request.path,
        query: request.query,
        marker: request.headers["x-lockout-test"],
        body: String(decoding: request.body, as: UTF8.self)
    )
    return .json((try? JSONEncoder().encode(seen)) ?? Data())
}

@Suite("HTTP server and client")
struct HTTPTests {
    @Test("GET round trip with a decoded query and case-insensitive headers")
    func getRoundTrip() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }
        let request = HTTPRequest(method: .get, path: "/v1/status", query: ["name": "a b&c", "day": "2024-05-01"], headers: ["X-LockOut-Test": "yes"])

        let response = try await offPool { try HTTPClient.send(request, port: server.port, timeout: 5) }

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["connection"] == "close")
        #expect(try JSONDecoder().decode(Echo.self, from: response.body) ==
            Echo(method: "GET", path: "/v1/status", query: ["name": "a b&c", "day": "2024-05-01"], marker: "yes", body: ""))
    }

    @Test("POST carries a JSON body both ways")
    func postRoundTrip() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }
        let body = #"{"command":"snooze","kind":"eye"}"#
        let request = HTTPRequest(method: .post, path: "/v1/commands", headers: ["Content-Type": "application/json"], body: Data(body.utf8))

        let response = try await offPool { try HTTPClient.send(request, port: server.port, timeout: 5) }

        #expect(response.status == 200)
        #expect(try JSONDecoder().decode(Echo.self, from: response.body).body == body)
    }

    @Test("a handler's 404 reaches the client with its body")
    func notFound() async throws {
        let server = try HTTPServer { request in .text("no such endpoint: \(request.path)", status: 404) }
        defer { server.stop() }

        let response = try await offPool { try HTTPClient.send(HTTPRequest(method: .get, path: "/nowhere"), port: server.port, timeout: 5) }

        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == "no such endpoint: /nowhere")
        #expect(response.headers["Content-Length"] == "26")
    }

    @Test("malformed requests get 400 and never reach the handler", arguments: [
        "GARBAGE\r\n\r\n",
        "GET /\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET nopath HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded: value\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        "GET /?q=%zz HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
    func malformed(raw: String) async throws {
        let calls = Inbox<HTTPRequest>()
        let server = try HTTPServer { request in
            calls.put(request)
            return .text("ok")
        }
        defer { server.stop() }

        let answer = try await RawHTTP.exchange(Data(raw.utf8), port: server.port)

        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(calls.takeIfPresent() == nil)
    }

    @Test("a body over 1 MiB gets 413, announced or sent")
    func oversized() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }
        let announced = "POST /v1/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n" + String(repeating: "x", count: 50_000)
        let sent = HTTPRequest(method: .post, path: "/v1/commands", body: Data(count: (1 << 20) + 1))

        let announcedAnswer = try await RawHTTP.exchange(Data(announced.utf8), port: server.port)
        let sentAnswer = try await offPool { try HTTPClient.send(sent, port: server.port, timeout: 5) }

        #expect(announcedAnswer.hasPrefix("HTTP/1.1 413 "))
        #expect(sentAnswer.status == 413)
    }

    @Test("a body of exactly 1 MiB is accepted")
    func largestBody() async throws {
        let server = try HTTPServer { request in .text("\(request.body.count)") }
        defer { server.stop() }

        let response = try await offPool { try HTTPClient.send(HTTPRequest(method: .post, path: "/", body: Data(count: 1 << 20)), port: server.port, timeout: 5) }

        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "\(1 << 20)")
    }

    @Test("the raw query is percent-decoded, with + as a space")
    func queryDecoding() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }

        let answer = try await RawHTTP.exchange(Data("GET /a%20b?q=caf%C3%A9&x=1+2&flag HTTP/1.1\r\nHost: x\r\n\r\n".utf8), port: server.port)

        let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
        let seen = try JSONDecoder().decode(Echo.self, from: Data(body.utf8))
        #expect(seen.path == "/a b")
        #expect(seen.query == ["q": "café", "x": "1 2", "flag": ""])
    }

    @Test("concurrent requests are all answered")
    func concurrent() async throws {
        let server = try HTTPServer { request in .text(request.path) }
        defer { server.stop() }
        let port = server.port

        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await offPool { try HTTPClient.send(HTTPRequest(method: .get, path: "/\(index)"), port: port, timeout: 5) }
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }

        #expect(paths == Set((0..<20).map { "/\($0)" }))
    }

    @Test("a stopped server refuses connections, and the client says so")
    func connectionRefused() async throws {
        let server = try HTTPServer(handler: echo)
        let port = server.port
        server.stop()

        await #expect(throws: HTTPClientError.connectionRefused(port: port)) {
            try await offPool { try HTTPClient.send(HTTPRequest(method: .get, path: "/v1/status"), port: port, timeout: 2) }
        }
    }

    @Test("the client gives up after its timeout")
    func clientTimeout() async throws {
        let server = try HTTPServer { _ in
            try? await Task.sleep(for: .seconds(3))
            return .text("late")
        }
        defer { server.stop() }

        await #expect(throws: HTTPClientError.timedOut) {
            try await offPool { try HTTPClient.send(HTTPRequest(method: .get, path: "/slow"), port: server.port, timeout: 0.3) }
        }
    }

    @Test("the parser waits for the rest of a body and notices Expect: 100-continue")
    func partialRequests() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"

        #expect(HTTPRequestParser.parse(Data("POST / HTTP/1.1\r\nHo".utf8), maxBodyBytes: 10) == .incomplete)
        #expect(HTTPRequestParser.parse(Data((head + "ab").utf8), maxBodyBytes: 10) == .awaitingBody(continueExpected: true))
        #expect(HTTPRequestParser.parse(Data((head + "abcd").utf8), maxBodyBytes: 10)
            == .complete(HTTPRequest(method: .post, path: "/", headers: ["Host": "x", "Expect": "100-continue", "Content-Length": "4"], body: Data("abcd".utf8))))
    }
}

/// Runs blocking socket work on a thread of its own: blocked threads of the cooperative pool or of dispatch's
/// small worker pool would leave none for the server's queue and handlers in this same process.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Sends bytes as they are and reads the answer until the server closes, for requests the client can't make.
enum RawHTTP {
    static func exchange(_ bytes: Data, port: Int) async throws -> String {
        try await offPool { try exchangeBlocking(bytes, port: port) }
    }

    private static func exchangeBlocking(_ bytes: Data, port: Int) throws -> String {
        let fd = try LoopbackSocket.make()
        defer { close(fd) }
        LoopbackSocket.setTimeouts(fd, 5)
        var address = LoopbackSocket.address(port: port)
        let connected = LoopbackSocket.withSocketAddress(&address) { connect(fd, $0, $1) }
        guard connected == 0 else { throw SocketError(call: "connect", code: errno) }
        _ = bytes.withUnsafeBytes { LoopbackSocket.send(fd, $0) }
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(fd, &chunk, chunk.count), count > 0 {
            answer.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
