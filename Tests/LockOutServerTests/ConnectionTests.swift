import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// Real sockets against a real server with short limits: nothing holds a connection it should not.
@Suite("Family server: connections, timeouts and the connection limit")
struct ConnectionTests {
    static func configuration(
        header: Duration = .seconds(60), body: Duration = .seconds(60), idle: Duration = .seconds(60), connections: Int = 100,
        heartbeat: Duration = .seconds(60)
    ) -> FamilyServer.Configuration {
        var configuration = FamilyServer.Configuration.testing()
        configuration.headerTimeout = header
        configuration.bodyTimeout = body
        configuration.idleTimeout = idle
        configuration.maximumConnections = connections
        configuration.heartbeat = heartbeat
        return configuration
    }

    @Test("a connection that sends nothing is closed after the idle timeout")
    func idle() async throws {
        let family = try await HTTPFamily.make()
        let answer = try await LiveServer.with(family, Self.configuration(idle: .milliseconds(200))) { port in
            try await offPool { try LoopbackClient(port: port).readToEnd() }
        }
        #expect(answer == "")
    }

    @Test("a kept-alive connection is served again, then closed once idle")
    func keptAlive() async throws {
        let family = try await HTTPFamily.make()
        // Long enough that the second request is never late, even on a busy machine.
        let (first, second, rest) = try await LiveServer.with(family, Self.configuration(idle: .seconds(1))) { port in
            try await offPool {
                let client = try LoopbackClient(port: port)
                client.send(RawRequest.get("/healthz"))
                let first = try client.read(until: "{\"status\":\"ok\"}")
                client.send(RawRequest.get("/healthz"))
                let second = try client.read(until: "{\"status\":\"ok\"}")
                return (first, second, client.readToEnd())
            }
        }
        #expect(first.hasPrefix("HTTP/1.1 200"))
        #expect(second.hasPrefix("HTTP/1.1 200"))
        #expect(rest == "")
    }

    @Test("a header that never ends is closed after the header timeout, however long the idle timeout")
    func slowHeader() async throws {
        let family = try await HTTPFamily.make()
        let answer = try await LiveServer.with(family, Self.configuration(header: .milliseconds(200))) { port in
            try await offPool { () throws -> String? in
                let client = try LoopbackClient(port: port)
                client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
                return client.readToEnd()
            }
        }
        #expect(answer != nil, "still open after 5 s")
    }

    @Test("a body that stops halfway is closed after the body timeout")
    func halfBody() async throws {
        let family = try await HTTPFamily.make()
        let answer = try await LiveServer.with(family, Self.configuration(body: .milliseconds(200))) { port in
            try await offPool { () throws -> String? in
                let client = try LoopbackClient(port: port)
                client.send("POST /v1/families HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"device")
                return client.readToEnd()
            }
        }
        #expect(answer != nil, "still open after 5 s")
    }

    @Test("a body the client ends halfway is logged as a refusal (notice), never as the server's error: hung up, or timed out",
          .timeLimit(.minutes(1)), arguments: [true, false])
    func unfinishedBody(hangsUp: Bool) async throws {
        let family = try await HTTPFamily.make()
        let log = RecordedLog()
        let configuration = Self.configuration(body: hangsUp ? .seconds(60) : .milliseconds(200))
        let logged = try await LiveServer.with(family, configuration, logger: log.logger) { port in
            let client = try await offPool {
                let client = try LoopbackClient(port: port)
                client.send("POST /v1/families HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"device")
                if hangsUp { client.close() }
                return client
            }
            let record = await log.first { $0.metadata["route"] == "/v1/families" }
            client.close()
            return record
        }
        #expect(logged.level == .notice, "\(logged)")
        let errors = log.records.filter { $0.level >= .error }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("an event stream outlives the header, body and idle timeouts")
    func streamOutlivesTimeouts() async throws {
        let family = try await HTTPFamily.make()
        let configuration = Self.configuration(header: .milliseconds(100), body: .milliseconds(100), idle: .milliseconds(100),
                                               heartbeat: .milliseconds(800))
        let beat = try await LiveServer.with(family, configuration) { port in
            try await offPool {
                let client = try LoopbackClient(port: port)
                client.send(RawRequest.get("/v1/events", token: HTTPFamily.token(.childA)))
                _ = try client.read(until: "event: ready")
                return try client.read(until: ": heartbeat")
            }
        }
        #expect(beat.hasSuffix(": heartbeat"))
    }

    @Test("past the connection limit a new connection waits, and is served once another closes")
    func connectionLimit() async throws {
        let family = try await HTTPFamily.make()
        let (waited, served) = try await LiveServer.with(family, Self.configuration(connections: 2)) { port in
            try await offPool { () throws -> (Bool, String) in
                var held: [LoopbackClient] = []
                for _ in 0..<2 {
                    let client = try LoopbackClient(port: port)
                    client.send(RawRequest.get("/healthz"))
                    _ = try client.read(until: "{\"status\":\"ok\"}")
                    held.append(client)
                }
                let third = try LoopbackClient(port: port, timeout: 0.5)
                third.send(RawRequest.get("/healthz"))
                let waited = (try? third.read(until: "\r\n\r\n")) == nil
                held[0].close()
                third.setTimeout(5)
                return (waited, try third.read(until: "\r\n\r\n"))
            }
        }
        #expect(waited)
        #expect(served.hasPrefix("HTTP/1.1 200"))
    }

    @Test("CONNECT is refused with 405 and an Allow header, and the connection is closed")
    func connect() async throws {
        let family = try await HTTPFamily.make()
        let answer = try await LiveServer.with(family, Self.configuration()) { port in
            try await offPool { () throws -> String? in
                let client = try LoopbackClient(port: port)
                client.send("CONNECT family.test:443 HTTP/1.1\r\nHost: family.test:443\r\n\r\n")
                return client.readToEnd()
            }
        }
        let text = try #require(answer, "still open after 5 s")
        #expect(text.hasPrefix("HTTP/1.1 405"), "\(text)")
        #expect(text.lowercased().contains("\r\nallow: "))
        #expect(text.lowercased().contains("\r\nconnection: close"))
    }
}
