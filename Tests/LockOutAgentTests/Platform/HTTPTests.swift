import Foundation
import NIOHTTP1
import Testing
@testable import LockOutAgent

/// What the echo handler saw, sent back as JSON.
struct Echo: Codable, Equatable {
    let method: String
    let path: String
    let query: [String: String]
    let marker: String?
    let body: String
}

@Sendable func echo(_ request: HTTPRequest) async -> HTTPResponse {
    let seen = Echo(
        method: request.method.rawValue,
        path: request.path,
        query: request.query,
        marker: request.headers.first(name: "x-lockout-test"),
        body: String(decoding: request.body, as: UTF8.self)
    )
    return .json((try? JSONEncoder().encode(seen)) ?? Data())
}

/// A client of `server`, shut down by the caller.
func client(of server: HTTPServer) -> APIClient {
    APIClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)") ?? URL(fileURLWithPath: "/"))
}

@Suite("HTTP server and client")
struct HTTPTests {
    @Test("GET round trip with a decoded query and case-insensitive headers, on a kept-alive connection")
    func getRoundTrip() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }
        let api = client(of: server)
        defer { api.shutdown() }
        let request = HTTPRequest(method: .GET, path: "/v1/status", query: ["name": "a b&c", "day": "2024-05-01"], headers: ["X-LockOut-Test": "yes"])

        let response = try await offPool { try api.send(request, timeout: 5) }

        #expect(response.status == 200)
        #expect(response.headers.first(name: "content-type") == "application/json")
        #expect(response.headers.first(name: "connection") == "keep-alive")
        #expect(try JSONDecoder().decode(Echo.self, from: response.body) ==
            Echo(method: "GET", path: "/v1/status", query: ["name": "a b&c", "day": "2024-05-01"], marker: "yes", body: ""))
    }

    @Test("POST carries a JSON body both ways")
    func postRoundTrip() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }
        let api = client(of: server)
        defer { api.shutdown() }
        let body = #"{"command":"snooze","kind":"eye"}"#
        let request = HTTPRequest(method: .POST, path: "/v1/commands", headers: ["Content-Type": "application/json"], body: Data(body.utf8))

        let response = try await offPool { try api.send(request, timeout: 5) }

        #expect(response.status == 200)
        #expect(try JSONDecoder().decode(Echo.self, from: response.body).body == body)
    }

    @Test("a handler's 404 reaches the client with its body")
    func notFound() async throws {
        let server = try HTTPServer { request in .text("no such endpoint: \(request.path)", status: 404) }
        defer { server.stop() }
        let api = client(of: server)
        defer { api.shutdown() }

        let response = try await offPool { try api.send(HTTPRequest(method: .GET, path: "/nowhere"), timeout: 5) }

        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == "no such endpoint: /nowhere")
        #expect(response.headers.first(name: "Content-Length") == "26")
    }

    @Test("a body of exactly 1 MiB is accepted")
    func largestBody() async throws {
        let server = try HTTPServer { request in .text("\(request.body.count)") }
        defer { server.stop() }
        let api = client(of: server)
        defer { api.shutdown() }

        let response = try await offPool { try api.send(HTTPRequest(method: .POST, path: "/", body: Data(count: 1 << 20)), timeout: 5) }

        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "\(1 << 20)")
    }

    @Test("the raw target is percent-decoded, with + as a space in the query")
    func queryDecoding() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }

        let answer = try await RawHTTP.exchange(RawHTTP.request("/a%20b?q=caf%C3%A9&x=1+2&flag", port: server.port), port: server.port)

        let seen = try JSONDecoder().decode(Echo.self, from: Data(answer.body.utf8))
        #expect(seen.path == "/a b")
        #expect(seen.query == ["q": "café", "x": "1 2", "flag": ""])
    }

    @Test("concurrent requests through one client are all answered")
    func concurrent() async throws {
        let server = try HTTPServer { request in .text(request.path) }
        defer { server.stop() }
        let api = client(of: server)
        defer { api.shutdown() }

        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await offPool { try api.send(HTTPRequest(method: .GET, path: "/\(index)"), timeout: 5) }
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }

        #expect(paths == Set((0..<20).map { "/\($0)" }))
    }

    @Test("a client that half-closes after its request still gets the answer")
    func halfClose() async throws {
        let server = try HTTPServer(handler: echo)
        defer { server.stop() }

        let answer = try await RawHTTP.exchange(RawHTTP.request("/v1/status", port: server.port), port: server.port, halfClose: true)

        #expect(answer.statusCode == 200)
        #expect(try JSONDecoder().decode(Echo.self, from: Data(answer.body.utf8)).path == "/v1/status")
    }

    @Test("a stopped server refuses connections, and the client says so")
    func connectionRefused() async throws {
        let server = try HTTPServer(handler: echo)
        let port = server.port
        server.stop()
        let api = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/"))
        defer { api.shutdown() }

        await #expect(throws: APIClientError.connectionRefused(host: "127.0.0.1", port: port)) {
            try await offPool { try api.send(HTTPRequest(method: .GET, path: "/v1/status"), timeout: 2) }
        }
    }

    @Test("shutting a client down ends its event loop thread, and a second shutdown is harmless")
    func clientShutdown() async throws {
        let api = APIClient(baseURL: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"))
        // "PID/task/TID" of the client's event loop thread.
        let thread = try await api.group.next().submit { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") }.get()
        #expect(FileManager.default.fileExists(atPath: "/proc/\(thread)"))

        api.shutdown()
        api.shutdown()

        #expect(!FileManager.default.fileExists(atPath: "/proc/\(thread)"))
    }

    @Test("the client gives up after its timeout")
    func clientTimeout() async throws {
        let release = Inbox<Void>()
        let server = try HTTPServer { _ in
            _ = await release.next(within: 10)
            return .text("late")
        }
        defer { server.stop() }
        let api = client(of: server)
        defer { api.shutdown() }

        await #expect(throws: APIClientError.timedOut(seconds: 0.3)) {
            try await offPool { try api.send(HTTPRequest(method: .GET, path: "/slow"), timeout: 0.3) }
        }
        release.put(())
    }
}
