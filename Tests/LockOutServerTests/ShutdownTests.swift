import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

@Suite("Family server: shutdown")
struct ShutdownTests {
    @Test("a graceful shutdown (SIGTERM) ends every event stream, open or hung up, and the server stops")
    func endsStreams() async throws {
        let family = try await HTTPFamily.make()
        let server = try await LiveServer.start(storage: family.storage, configuration: .testing())
        let port = server.port
        let open = try await offPool { () throws -> LoopbackClient in
            let hungUp = try LoopbackClient(port: port)
            hungUp.send(RawRequest.get("/v1/events", token: HTTPFamily.token(.childB)))
            _ = try hungUp.read(until: "event: ready")
            hungUp.close()
            let open = try LoopbackClient(port: port, timeout: 10)
            open.send(RawRequest.get("/v1/events", token: HTTPFamily.token(.childA)))
            _ = try open.read(until: "event: ready")
            return open
        }
        #expect(await server.stop(within: 30), "the server still ran 30 s after a graceful shutdown")
        let rest = try await offPool { open.readToEnd() }
        #expect(rest?.hasSuffix("0\r\n\r\n") == true, "the stream did not end: \(rest ?? "still open")")
    }
}
