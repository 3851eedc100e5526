import AsyncHTTPClient
import Foundation
import LockOutCore
import NIOCore
import Testing
@testable import LockOutServer

/// A real server's event streams: a device's stream is poked for the changes it may read and for nothing else,
/// so that a child never learns when a sibling is active.
@Suite("Family server: what pokes a device's event stream")
struct EventStreamTests {
    typealias F = FamilyFixture

    /// Pushes `mutations` as `role` over HTTP; answers the commit number of the last one applied.
    static func push(_ mutations: [SyncMutation], as role: HTTPFamily.Role, port: Int) async throws -> Int64 {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/mutations")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(HTTPFamily.token(role))")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try SyncJSON.encoder().encode(SyncAPI.Push(mutations: mutations))))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        #expect(response.status == .ok)
        let result = try SyncJSON.decoder().decode(SyncAPI.PushResult.self, from: Data(body.readableBytesView))
        return try #require(result.results.last { $0.status == .applied }?.seq, "nothing applied: \(result.results)")
    }

    /// The line a poke for commit `seq` writes.
    static func poke(_ seq: Int64) -> String { "data: {\"seq\":\(seq)}\n\n" }

    /// Opens `role`'s event stream and sends a command to it until its first poke arrives (a PostgreSQL server's
    /// listener may still be connecting the first time): the stream is live from then on.
    static func openStream(_ role: HTTPFamily.Role, family: HTTPFamily, port: Int) async throws -> LoopbackClient {
        let stream = try await offPool {
            // The stream's first event comes however loaded the machine; a poke is then waited for a second at a time.
            let client = try LoopbackClient(port: port, timeout: 10)
            client.send(RawRequest.get("/v1/events", token: HTTPFamily.token(role)))
            _ = try client.read(until: "event: ready\ndata: {}\n\n")
            client.setTimeout(1)
            return client
        }
        for _ in 0..<10 {
            let seq = try await push([try F.command(to: try family.caller(role))], as: .parent, port: port)
            if (try? await offPool { try stream.read(until: poke(seq)) }) != nil {
                stream.setTimeout(10)
                return stream
            }
        }
        throw SocketFailure(call: "no poke reached the stream", code: 0)
    }

    @Test("a child's stream is not poked by a sibling's day summary nor the parent's settings, but is by a command to it and its configuration",
          arguments: Backend.available)
    func pokesOnlyWhatItReads(_ backend: Backend) async throws {
        let family = try await HTTPFamily.make(on: backend)
        let childA = try family.caller(.childA)
        let (unread, seen) = try await LiveServer.with(family, .testing()) { port in
            let stream = try await Self.openStream(.childA, family: family, port: port)
            // Given a sibling's day summary and the parent's settings, which the child may not read,
            let sibling = try await Self.push([try F.summary(try family.caller(.childB))], as: .childB, port: port)
            let settings = try await Self.push([F.settings()], as: .parent, port: port)
            // when the parent sends a command to the child, then its configuration,
            let command = try await Self.push([try F.command(to: childA)], as: .parent, port: port)
            let untilCommand = try await offPool { try stream.read(until: Self.poke(command)) }
            let configuration = try await Self.push([try F.configuration(for: childA)], as: .parent, port: port)
            let untilConfiguration = try await offPool { try stream.read(until: Self.poke(configuration)) }
            stream.close()
            return ([sibling, settings], untilCommand + untilConfiguration)
        }
        // then the child's stream was poked for the command and the configuration alone.
        for seq in unread { #expect(!seen.contains(Self.poke(seq)), "poked for commit \(seq), which the child may not read: \(seen)") }
    }
}
