import Foundation
import NIOHTTP1
import Synchronization
import Testing
@testable import LockOutAgent

@Suite("HTTP streamed bodies")
struct HTTPStreamTests {
    @Test("lines sent before and after the client connects arrive in order")
    func order() async throws {
        let stream = HTTPBodyStream()
        let server = try HTTPServer { _ in .stream(stream) }
        defer { server.stop() }
        stream.send(Data("one\n".utf8))
        stream.send(Data("two\n".utf8))

        let (end, lines) = try await follow(server.port) { line in
            if line == "two" {
                stream.send(Data("three\n".utf8))
                stream.send(Data("four\n".utf8))
                stream.finish()
            }
            return true
        }

        #expect(lines == ["one", "two", "three", "four"])
        #expect(end == .ended)
    }

    @Test("finish() flushes what is buffered and ends the client with .ended, without cancelling")
    func finish() async throws {
        let cancels = CancelProbe()
        let stream = HTTPBodyStream(onCancel: cancels.record)
        let server = try HTTPServer { _ in .stream(stream) }
        stream.send(Data(#"{"state":"running"}"#.utf8))
        stream.send(Data("\n".utf8))
        stream.finish()
        stream.send(Data("after finish\n".utf8))

        let (end, lines) = try await follow(server.port)
        server.stop()  // closes, on the server's queue, any connection still open, which would cancel an unfinished stream

        #expect(end == .ended)
        #expect(lines == [#"{"state":"running"}"#])
        #expect(!stream.isCancelled)
        #expect(cancels.count == 0)
    }

    @Test("a streamed answer is chunked, with Content-Type, Cache-Control: no-store, Connection: close and no Content-Length")
    func head() async throws {
        let stream = HTTPBodyStream()
        let server = try HTTPServer { _ in .stream(stream) }
        defer { server.stop() }
        stream.send(Data("x\n".utf8))
        stream.finish()

        let answer = try await RawHTTP.exchange(RawHTTP.request("/follow", port: server.port), port: server.port)

        let parts = answer.components(separatedBy: "\r\n\r\n")
        let headLines = try #require(parts.first).lowercased().components(separatedBy: "\r\n")
        #expect(headLines.first == "http/1.1 200 ok")
        #expect(headLines.contains("content-type: application/x-ndjson"))
        #expect(headLines.contains("cache-control: no-store"))
        #expect(headLines.contains("connection: close"))
        #expect(headLines.contains("transfer-encoding: chunked"))
        #expect(!headLines.contains { $0.hasPrefix("content-length") })
        #expect(answer.body == "2\r\nx\n\r\n0\r\n\r\n")
    }

    @Test("onLine returning false stops the client and cancels the server's stream")
    func stoppedByClient() async throws {
        let cancels = CancelProbe()
        let stream = HTTPBodyStream(onCancel: cancels.record)
        let server = try HTTPServer { _ in .stream(stream) }
        defer { server.stop() }
        stream.send(Data("first\nsecond\n".utf8))

        let (end, lines) = try await follow(server.port) { _ in false }

        #expect(end == .stopped)
        #expect(lines == ["first"])
        #expect(await cancels.next(within: 10))
        #expect(stream.isCancelled)
    }

    @Test("a client that drops the connection mid-stream cancels it once, and later sends are ignored", arguments: [false, true])
    func droppedByClient(abortive: Bool) async throws {
        let cancels = CancelProbe()
        let stream = HTTPBodyStream(onCancel: cancels.record)
        let server = try HTTPServer { _ in .stream(stream) }
        stream.send(Data("hello\n".utf8))
        let client = try RawConnection(port: server.port)
        client.send("GET /follow HTTP/1.1\r\nHost: \(RawHTTP.host(server.port))\r\n\r\n")
        _ = try client.read(until: "hello\n")

        client.close(abortive: abortive)

        #expect(await cancels.next(within: 10))
        stream.send(Data("late\n".utf8))
        stream.finish()
        server.stop()
        #expect(stream.isCancelled)
        #expect(stream.take().data.isEmpty)
        #expect(cancels.count == 1)
    }

    @Test("stopping the server cancels an open stream and ends the client")
    func serverStop() async throws {
        let cancels = CancelProbe()
        let stream = HTTPBodyStream(onCancel: cancels.record)
        let server = try HTTPServer { _ in .stream(stream) }
        let arrived = Inbox<String>()
        stream.send(Data("running\n".utf8))

        let following = Follower(server.port) { line in
            arrived.put(line)
            return true
        }
        let first = await arrived.next(within: 10)
        server.stop()
        let cancelled = await cancels.next(within: 10)
        let (end, lines) = try await following.result()

        #expect(first == "running")
        #expect(cancelled)
        #expect(end == .cutShort)
        #expect(lines == ["running"])
        #expect(cancels.count == 1)
    }

    @Test("a stream the handler returns after the client went away is cancelled")
    func clientGoneBeforeAnswer() async throws {
        let cancels = CancelProbe()
        let stream = HTTPBodyStream(onCancel: cancels.record)
        let handling = Inbox<Void>()
        let answer = Inbox<Void>()
        let server = try HTTPServer { _ in
            handling.put(())
            _ = await answer.next(within: 10)
            return .stream(stream)
        }
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /follow HTTP/1.1\r\nHost: \(RawHTTP.host(server.port))\r\n\r\n")
        #expect(await handling.next(within: 10) != nil)

        client.close(abortive: false)
        answer.put(())

        #expect(await cancels.next(within: 10))
        #expect(stream.isCancelled)
    }

    @Test("a non-2xx answer comes back as .refused with its body")
    func refused() async throws {
        let server = try HTTPServer { _ in .text("no focus session\n", status: 409) }
        defer { server.stop() }

        let (end, lines) = try await follow(server.port)

        #expect(end == .refused(status: 409, body: Data("no focus session\n".utf8)))
        #expect(lines.isEmpty)
    }

    @Test("a streamed non-2xx answer comes back as .refused with its body read to the end")
    func refusedStream() async throws {
        let stream = HTTPBodyStream()
        let server = try HTTPServer { _ in .stream(stream, contentType: "text/plain", status: 503) }
        defer { server.stop() }
        stream.send(Data("agent is starting\n".utf8))
        stream.send(Data("try again\n".utf8))
        stream.finish()

        let (end, lines) = try await follow(server.port)

        #expect(end == .refused(status: 503, body: Data("agent is starting\ntry again\n".utf8)))
        #expect(lines.isEmpty)
    }

    @Test("a line split across writes is delivered only once it is complete")
    func splitLine() async throws {
        let stream = HTTPBodyStream()
        let server = try HTTPServer { _ in .stream(stream) }
        defer { server.stop() }
        stream.send(Data("{\"n\":1}\n{\"n\":".utf8))

        // The second half goes out only after the first line came in, so it travels in a later write.
        let (end, lines) = try await follow(server.port) { line in
            if line == #"{"n":1}"# {
                stream.send(Data("2}\r\n".utf8))
                stream.finish()
            }
            return true
        }

        #expect(lines == [#"{"n":1}"#, #"{"n":2}"#])
        #expect(end == .ended)
    }

    @Test("the line buffer holds back partial lines and drops \\n and a \\r before it")
    func lineBuffer() {
        var buffer = HTTPLineBuffer()
        var lines: [String] = []
        func drain() {
            while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        }

        buffer.append(Array("par".utf8))
        drain()
        #expect(lines.isEmpty)
        buffer.append(Array("tial\r".utf8))
        drain()
        #expect(lines.isEmpty)
        buffer.append(Array("\n\nnext\nta".utf8))
        drain()
        buffer.append(Array("il".utf8))
        drain()

        #expect(lines == ["partial", "", "next"])
        #expect(buffer.remainder().map { String(decoding: $0, as: UTF8.self) } == "tail")
        #expect(buffer.remainder() == nil)
    }

    @Test("a last line without a newline is delivered when the body ends")
    func unterminatedLastLine() async throws {
        let stream = HTTPBodyStream()
        let server = try HTTPServer { _ in .stream(stream) }
        defer { server.stop() }
        stream.send(Data("a\nb".utf8))
        stream.finish()

        let (end, lines) = try await follow(server.port)

        #expect(lines == ["a", "b"])
        #expect(end == .ended)
    }

    @Test("a 5 MB burst arrives complete and in order")
    func largeBurst() async throws {
        let stream = HTTPBodyStream()
        let server = try HTTPServer { _ in .stream(stream) }
        defer { server.stop() }
        let count = 50_000
        for index in 0..<count {
            stream.send(Data((burstLine(index) + "\n").utf8))
        }
        stream.finish()

        let (end, lines) = try await follow(server.port)

        #expect(end == .ended)
        #expect(lines.count == count)
        #expect(lines.enumerated().first { $0.element != burstLine($0.offset) } == nil)
    }

    @Test("a client that does not read leaves the server free to answer others")
    func slowReader() async throws {
        let cancels = CancelProbe()
        let stream = HTTPBodyStream(onCancel: cancels.record)
        let server = try HTTPServer { request in request.path == "/follow" ? .stream(stream) : .text("pong") }
        defer { server.stop() }
        for index in 0..<50_000 {
            stream.send(Data((burstLine(index) + "\n").utf8))
        }
        let sleeper = try RawConnection(port: server.port)
        sleeper.send("GET /follow HTTP/1.1\r\nHost: \(RawHTTP.host(server.port))\r\n\r\n")
        _ = try sleeper.read(until: "\r\n\r\n")  // the server is writing the burst now, far more than the socket holds

        let api = client(of: server)
        defer { api.shutdown() }
        let pong = try await offPool { try api.send(HTTPRequest(method: .GET, path: "/ping"), timeout: 5) }
        sleeper.close(abortive: true)

        #expect(String(decoding: pong.body, as: UTF8.self) == "pong")
        #expect(await cancels.next(within: 10))
    }

    @Test("a quiet stream outlives the server's request timeout and the client's head timeout")
    func quietStream() async throws {
        let stream = HTTPBodyStream()
        var limits = HTTPServer.Limits()
        limits.requestTimeout = .milliseconds(1200)
        let server = try HTTPServer(limits: limits) { request in request.path == "/follow" ? .stream(stream) : .text("") }
        defer { server.stop() }
        let arrived = Inbox<String>()
        stream.send(Data("before\n".utf8))

        // Long enough to connect on a loaded machine; the wait below still outlasts it.
        let following = Follower(server.port, headTimeout: 1) { line in
            arrived.put(line)
            return true
        }
        let first = await arrived.next(within: 10)
        // Instead of sleeping: a request started now whose body never comes is refused once the server's
        // timeout (1.2 s) has passed for it, and so for the stream's connection and the client's head timeout.
        let late = RawHTTP.request("/", method: "POST", port: server.port, extra: ["Content-Length: 1"])
        let timedOut = try await RawHTTP.exchange(late, port: server.port)
        stream.send(Data("after\n".utf8))
        stream.finish()
        let (end, lines) = try await following.result()

        #expect(first == "before")
        #expect(timedOut.statusCode == 408)
        #expect(lines == ["before", "after"])
        #expect(end == .ended)
    }
}

/// The `index`th line of a burst: about 100 bytes that say where they belong.
private func burstLine(_ index: Int) -> String {
    let number = String(index)
    return "line " + String(repeating: "0", count: 6 - number.count) + number + " " + String(repeating: "x", count: 88)
}

/// Follows `/follow` with the real client on a thread of its own; the lines it handed over and how it ended.
private func follow(
    _ port: Int,
    headTimeout: TimeInterval = 5,
    onLine: @escaping @Sendable (String) -> Bool = { _ in true }
) async throws -> (end: APIStreamEnd, lines: [String]) {
    try await Follower(port, headTimeout: headTimeout, onLine: onLine).result()
}

/// A client following a stream on its own thread, started at once: an `async let` child task could
/// wait for a free thread of the shared pool while other suites block theirs, and never connect in time.
private final class Follower: Sendable {
    private let done = Inbox<Result<Outcome, APIClientError>>()

    struct Outcome: Sendable {
        let end: APIStreamEnd
        let lines: [String]
    }

    struct NoResult: Error {}

    init(_ port: Int, headTimeout: TimeInterval = 5, onLine: @escaping @Sendable (String) -> Bool = { _ in true }) {
        let done = done
        Thread {
            let api = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/"))
            defer { api.shutdown() }
            var lines: [String] = []
            let request = HTTPRequest(method: .GET, path: "/follow")
            let result = Result { () throws(APIClientError) -> Outcome in
                let end = try api.stream(request, headTimeout: headTimeout) { line in
                    let text = String(decoding: line, as: UTF8.self)
                    lines.append(text)
                    return onLine(text)
                }
                return Outcome(end: end, lines: lines)
            }
            done.put(result)
        }.start()
    }

    /// How the stream ended and every line, once the client is done (at most 30 s).
    func result() async throws -> (end: APIStreamEnd, lines: [String]) {
        guard let result = await done.next(within: 30) else { throw NoResult() }
        let outcome = try result.get()
        return (outcome.end, outcome.lines)
    }
}

/// Counts a stream's `onCancel` calls and lets a test wait for the first.
private final class CancelProbe: Sendable {
    private let calls = Inbox<Void>()
    private let counter = Mutex(0)

    /// How often `onCancel` ran.
    var count: Int { counter.withLock { $0 } }

    /// The `onCancel` to hand the stream.
    var record: @Sendable () -> Void {
        { [self] in
            counter.withLock { $0 += 1 }
            calls.put(())
        }
    }

    /// Whether `onCancel` ran (before or) within `seconds`.
    func next(within seconds: Double) async -> Bool {
        await calls.next(within: seconds) != nil
    }
}

