import Foundation
import NIOCore
import NIOHTTP1
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

/// The server's guards, each through a real socket, each followed by a normal request that must still be served.
@Suite("HTTP server guards")
struct HTTPGuardTests {
    /// A server whose handler records what reached it.
    private struct Probe {
        let server: HTTPServer
        let calls: Inbox<HTTPRequest>

        init(limits: HTTPServer.Limits = HTTPServer.Limits()) throws {
            let calls = Inbox<HTTPRequest>()
            self.calls = calls
            server = try HTTPServer(limits: limits) { request in
                calls.put(request)
                return await echo(request)
            }
        }

        var port: Int { server.port }

        /// Whether a normal request is still answered, then stops the server.
        func stillServesAndStop() async throws -> Bool {
            defer { server.stop() }
            let answer = try await RawHTTP.exchange(RawHTTP.request("/after", port: port), port: port)
            return answer.statusCode == 200 && answer.body.contains(#""path":"\/after""#)
        }
    }

    @Test("a foreign Host is refused with 403 before the handler, and a request for localhost:PORT is served")
    func foreignHost() async throws {
        let probe = try Probe()
        let port = probe.port
        let rebound = "GET /v1/status HTTP/1.1\r\nHost: attacker.example:\(port)\r\nConnection: close\r\n\r\n"
        let otherPort = "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1:\(port + 1)\r\nConnection: close\r\n\r\n"
        let localhost = "GET /v1/status HTTP/1.1\r\nHost: LOCALHOST:\(port)\r\nConnection: close\r\n\r\n"

        let refused = try await RawHTTP.exchange(Data(rebound.utf8), port: port)
        let wrongPort = try await RawHTTP.exchange(Data(otherPort.utf8), port: port)
        let local = try await RawHTTP.exchange(Data(localhost.utf8), port: port)

        #expect(refused.statusCode == 403)
        #expect(wrongPort.statusCode == 403)
        let error = try JSONDecoder().decode(APIErrorBody.self, from: Data(refused.body.utf8)).error
        #expect(error == "Host attacker.example:\(port) is not this agent (127.0.0.1:\(port)): refused, a web page may be reaching it through DNS rebinding")
        #expect(local.statusCode == 200)
        #expect(probe.calls.takeIfPresent()?.path == "/v1/status")  // only the localhost one
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("no Host, or two, is a bad request", arguments: [
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nHost: 127.0.0.1:PORT\r\nConnection: close\r\n\r\n",
    ])
    func missingHost(raw: String) async throws {
        let probe = try Probe()

        let answer = try await RawHTTP.exchange(Data(raw.replacingOccurrences(of: "PORT", with: "\(probe.port)").utf8), port: probe.port)

        #expect(answer.statusCode == 400)
        #expect(answer.body.contains("Host"))
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("the Host is checked before the token: a rebound page without a token learns nothing but 403")
    func hostBeforeToken() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer())
        try await agent.start()
        let api = AgentAPI(agent: agent, token: "secret-token")
        let server = try HTTPServer { request in await api.handle(request) }
        defer { server.stop() }
        let port = server.port

        let foreign = try await RawHTTP.exchange(Data("GET /v1/status HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".utf8), port: port)
        let noToken = try await RawHTTP.exchange(RawHTTP.request("/v1/status", port: port), port: port)
        let wrongToken = try await RawHTTP.exchange(RawHTTP.request("/v1/status", port: port, extra: ["Authorization: Bearer guess"]), port: port)
        let right = try await RawHTTP.exchange(RawHTTP.request("/v1/status", port: port, extra: ["Authorization: Bearer secret-token"]), port: port)

        #expect(foreign.statusCode == 403)
        #expect(noToken.statusCode == 401)
        #expect(wrongToken.statusCode == 401)
        #expect(noToken.body == #"{"error":"missing or wrong token"}"#)
        #expect(right.statusCode == 200)
    }

    @Test("a header section over 16 KiB or over 100 fields gets 431", arguments: [
        [String(repeating: "a", count: 17 << 10)].map { "X-Big: \($0)" },
        (0..<101).map { "X-Field-\($0): \($0)" },
    ])
    func headerLimits(extra: [String]) async throws {
        let probe = try Probe()

        let answer = try await RawHTTP.exchange(RawHTTP.request("/", port: probe.port, extra: extra), port: probe.port)

        #expect(answer.statusCode == 431)
        #expect(answer.body.contains("16384 bytes or has more than 100 fields"))
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("100 fields within 16 KiB are accepted")
    func headersAtTheLimit() async throws {
        let probe = try Probe()
        // Host and Connection make two; 98 more reach the limit.
        let answer = try await RawHTTP.exchange(RawHTTP.request("/", port: probe.port, extra: (0..<98).map { "X-F\($0): v" }), port: probe.port)
        #expect(answer.statusCode == 200)
        probe.server.stop()
    }

    @Test("a body over 1 MiB gets 413, announced or sent in chunks, without reaching the handler")
    func oversizedBody() async throws {
        let probe = try Probe()
        let port = probe.port
        let announced = RawHTTP.request("/v1/commands", method: "POST", port: port, extra: ["Content-Length: 2000000"])
            + Data(count: 50_000)
        let chunk = "10000\r\n" + String(repeating: "x", count: 0x10000) + "\r\n"
        let chunked = RawHTTP.request("/v1/commands", method: "POST", port: port, extra: ["Transfer-Encoding: chunked"])
            + Data(String(repeating: chunk, count: 17).utf8) + Data("0\r\n\r\n".utf8)

        let announcedAnswer = try await RawHTTP.exchange(announced, port: port)
        let chunkedAnswer = try await RawHTTP.exchange(chunked, port: port)

        #expect(announcedAnswer.statusCode == 413)
        #expect(chunkedAnswer.statusCode == 413)
        #expect(chunkedAnswer.body == #"{"error":"the body is larger than 1048576 bytes"}"#)
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("the client sending a body over the limit gets the 413, not a reset")
    func oversizedThroughClient() async throws {
        let probe = try Probe()
        let api = APIClient(baseURL: URL(string: "http://127.0.0.1:\(probe.port)") ?? URL(fileURLWithPath: "/"))
        defer { api.shutdown() }

        let answer = try await offPool { try api.send(HTTPRequest(method: .POST, path: "/", body: Data(count: (1 << 20) + 1)), timeout: 5) }

        #expect(answer.status == 413)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("malformed requests get 400 and never reach the handler", arguments: [
        "GARBAGE\r\n\r\n",
        "GET /\r\n\r\n",
        "GET nopath HTTP/1.1\r\nHost: HOST\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: HOST\r\nno colon here\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: HOST\r\nContent-Length: ten\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: HOST\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        "POST / HTTP/1.1\r\nHost: HOST\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nab\r\n0\r\n\r\n",
        "GET /?q=%zz HTTP/1.1\r\nHost: HOST\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: HOST\r\nBad\u{1}Name: x\r\n\r\n",
    ])
    func malformed(raw: String) async throws {
        let probe = try Probe()

        let answer = try await RawHTTP.exchange(Data(raw.replacingOccurrences(of: "HOST", with: RawHTTP.host(probe.port)).utf8), port: probe.port)

        #expect(answer.statusCode == 400)
        #expect(answer.body.hasPrefix(#"{"error":"malformed"#))
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("CONNECT is refused with 405 and the connection closed: the agent is no proxy")
    func connect() async throws {
        let probe = try Probe()
        let raw = "CONNECT 127.0.0.1:\(probe.port) HTTP/1.1\r\nHost: \(RawHTTP.host(probe.port))\r\n\r\nGET /next HTTP/1.1\r\nHost: \(RawHTTP.host(probe.port))\r\n\r\n"

        let answer = try await RawHTTP.exchange(Data(raw.utf8), port: probe.port)

        #expect(answer.statusCode == 405)
        #expect(answer.contains("Connection: close"))
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("pipelined requests on a kept-alive connection are answered in order")
    func pipelined() async throws {
        let probe = try Probe()
        let host = RawHTTP.host(probe.port)
        let raw = "GET /first HTTP/1.1\r\nHost: \(host)\r\n\r\nGET /second HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"

        let answer = try await RawHTTP.exchange(Data(raw.utf8), port: probe.port)

        let first = try #require(answer.range(of: #""path":"\/first""#))
        let second = try #require(answer.range(of: #""path":"\/second""#))
        #expect(first.lowerBound < second.lowerBound)
        #expect(answer.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        probe.server.stop()
    }

    @Test("a body that does not arrive in time gets 408; a head that does not arrive is closed without an answer")
    func requestTimeout() async throws {
        var limits = HTTPServer.Limits()
        limits.requestTimeout = .milliseconds(200)
        let probe = try Probe(limits: limits)
        let partialBody = RawHTTP.request("/", method: "POST", port: probe.port, extra: ["Content-Length: 10"]) + Data("abc".utf8)
        let partialHead = Data("GET / HTTP/1.1\r\nHost: \(RawHTTP.host(probe.port))\r\n".utf8)

        // Each read returns when the server acts on its timeout: no sleeping here.
        let bodyAnswer = try await RawHTTP.exchange(partialBody, port: probe.port)
        let headAnswer = try await RawHTTP.exchange(partialHead, port: probe.port)

        #expect(bodyAnswer.statusCode == 408)
        #expect(bodyAnswer.body == #"{"error":"no complete request within 200 ms"}"#)
        #expect(headAnswer.isEmpty)
        #expect(probe.calls.takeIfPresent() == nil)
        #expect(try await probe.stillServesAndStop())
    }

    @Test("Expect: 100-continue gets 100 Continue before the body is sent, then the answer")
    func expectContinue() async throws {
        let probe = try Probe()
        defer { probe.server.stop() }
        let connection = try RawConnection(port: probe.port)
        connection.send("POST /upload HTTP/1.1\r\nHost: \(RawHTTP.host(probe.port))\r\nExpect: 100-continue\r\nContent-Length: 4\r\nConnection: close\r\n\r\n")

        // One thread does the whole exchange: were the body sent from a task, a busy test run could keep
        // it waiting on the shared pool past the server's 10 s for a whole request.
        let (interim, answer) = try await offPool {
            let interim = try connection.read(until: "\r\n\r\n")
            connection.send("abcd")
            return (interim, try connection.readAll())
        }

        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(answer.statusCode == 200)
        #expect(answer.body.contains(#""body":"abcd""#))
    }
}
