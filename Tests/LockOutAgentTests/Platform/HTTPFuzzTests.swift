import Foundation
import PropertyBased
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

/// Random and mutated requests through a real socket to the real server and `AgentAPI`.
///
/// Seeded, so a run is reproducible; the failing input and its seed are printed on a failure.
@Suite("HTTP request fuzzing")
struct HTTPFuzzTests {
    /// How many inputs one run sends (also in docs/development.md).
    static let inputCount = 3_000

    /// Every status the agent may answer with; anything else (a 500, say) is a finding.
    static let allowedStatuses: Set<Int> = [100, 200, 400, 401, 403, 404, 405, 408, 413, 431]

    /// The seed of every run: the same inputs each time, in CI and here.
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (0x4C6F_636B, 0x4F75_7448, 0x5454_5046, 0x757A_7A31)

    @Test("random and mutated requests: no crash, a well-formed answer or a closed connection, and the agent still serves")
    func fuzz() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer())
        try await agent.start()
        let token = "fuzz-token"
        let api = AgentAPI(agent: agent, token: token)
        let server = try HTTPServer { request in await api.handle(request) }
        defer { server.stop() }
        let port = server.port
        let mutator = HTTPRequestMutator(port: port, token: token)
        let valid = Data("GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8)
        // PropertyBased's own `propertyCheck` draws a fresh seed each run; its generators over a seeded
        // Xoshiro give the same inputs every run instead.
        let inputs = zip(Gen.int(in: 0...mutator.templates.count - 1), Gen<HTTPRequestMutator.Mutation>.case, Gen.uint64())
        var random = Xoshiro(seed: Self.seed)
        var seen: [HTTPRequestMutator.Mutation: Int] = [:]

        for index in 0..<Self.inputCount {
            let (template, mutation, noise) = inputs.run(using: &random)
            let input = mutator.input(template: template, mutation: mutation, noise: noise)
            seen[mutation, default: 0] += 1

            let answer = try await offPool { try RawHTTP.exchangeBlocking(Data(input), port: port, halfClose: true) }
            let after = try await offPool { try RawHTTP.exchangeBlocking(valid, port: port, halfClose: true) }

            let described = "input \(index) (template \(template), \(mutation), noise \(noise)): \(String(decoding: input.prefix(300), as: UTF8.self).debugDescription)"
            let statuses: [Int]
            do {
                statuses = try HTTPAnswer.statuses(in: [UInt8](answer), firstIsHead: input.starts(with: Array("HEAD ".utf8)))
            } catch {
                Issue.record("\(error) in the answer to \(described): \(String(decoding: answer.prefix(300), as: UTF8.self).debugDescription)")
                break
            }
            guard statuses.allSatisfy(Self.allowedStatuses.contains), (try? HTTPAnswer.statuses(in: [UInt8](after))) == [200] else {
                Issue.record("statuses \(statuses) for \(described); then \(String(decoding: after.prefix(200), as: UTF8.self).debugDescription)")
                break
            }
        }

        #expect(seen.count == HTTPRequestMutator.Mutation.allCases.count)
    }
}

/// Reads back-to-back HTTP/1.1 responses, the way a strict client would.
enum HTTPAnswer {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The status of each whole response in `bytes`; throws when anything is not a whole, well-framed response.
    /// `firstIsHead`: the first request was a HEAD, so its answer carries no body whatever its Content-Length says.
    static func statuses(in bytes: [UInt8], firstIsHead: Bool = false) throws -> [Int] {
        var rest = bytes[...]
        var statuses: [Int] = []
        while !rest.isEmpty {
            guard let headEnd = rest.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Malformed(description: "a head without its end") }
            let lines = String(decoding: rest[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            rest = rest[headEnd.upperBound...]
            let statusLine = lines[0].split(separator: " ", maxSplits: 2)
            guard statusLine.count == 3, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
                throw Malformed(description: "a bad status line: \(lines[0])")
            }
            statuses.append(status)
            guard status != 100 else { continue }
            // A HEAD gets no body, unless it was refused before the parser knew it was a HEAD.
            if firstIsHead, statuses.filter({ $0 != 100 }).count == 1, rest.isEmpty || rest.starts(with: Array("HTTP/1.1 ".utf8)) {
                continue
            }
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { throw Malformed(description: "a bad field: \(line)") }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            if fields["transfer-encoding"] == "chunked", fields["content-type"] == "application/x-ndjson" {
                // A live stream: it ends with the connection once the client shut its side, as this test's does.
                rest = (try? skipChunks(rest)) ?? rest.dropFirst(rest.count)
            } else if fields["transfer-encoding"] == "chunked" {
                rest = try skipChunks(rest)
            } else if let length = fields["content-length"].flatMap(Int.init), length <= rest.count {
                rest = rest.dropFirst(length)
            } else if fields["content-length"] == nil, fields["connection"] == "close" {
                rest = rest.dropFirst(rest.count)  // delimited by the close (NIO frames answers to CONNECT so)
            } else {
                throw Malformed(description: "no usable framing in \(fields)")
            }
        }
        return statuses
    }

    private static func skipChunks(_ body: ArraySlice<UInt8>) throws -> ArraySlice<UInt8> {
        var rest = body
        while true {
            guard let lineEnd = rest.firstRange(of: Array("\r\n".utf8)),
                  let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16),
                  rest.count >= lineEnd.upperBound - rest.startIndex + size + 2 else {
                throw Malformed(description: "a chunked body cut short")
            }
            rest = rest[lineEnd.upperBound...].dropFirst(size + 2)
            if size == 0 { return rest }
        }
    }
}
