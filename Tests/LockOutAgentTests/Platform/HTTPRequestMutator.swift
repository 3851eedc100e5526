import Foundation

/// Turns one of a few valid requests to the agent into a random or mutated one, deterministically from a number:
/// what the fuzz test feeds the server.
struct HTTPRequestMutator {
    /// How a valid request is spoiled.
    enum Mutation: Int, CaseIterable {
        case none, flipBytes, truncate, duplicateHeader, oversizedHeader, manyHeaders, badContentLength,
             badChunks, randomMethodAndPath, garbage, insertBytes, deleteRange, wrongHostOrToken
    }

    let port: Int
    let token: String

    /// Valid requests with the right Host and token: plain reads, commands, a chunked body, a stream, 100-continue, two pipelined.
    var templates: [[UInt8]] {
        let host = "Host: 127.0.0.1:\(port)"
        let auth = "Authorization: Bearer \(token)"
        func request(_ line: String, _ headers: [String] = [], body: String = "") -> String {
            var all = [line, host, auth] + headers
            if !body.isEmpty, !headers.contains(where: { $0.hasPrefix("Transfer-Encoding") }) {
                all.append("Content-Length: \(body.utf8.count)")
            }
            return all.joined(separator: "\r\n") + "\r\n\r\n" + body
        }
        let pause = #"{"pause":{"seconds":600}}"#
        let texts = [
            request("GET /v1/status HTTP/1.1"),
            request("GET /v1/focus?x=1 HTTP/1.1", ["Accept: application/json"]),
            request("GET /v1/settings HTTP/1.1", ["Connection: close"]),
            request("POST /v1/commands HTTP/1.1", ["Content-Type: application/json"], body: pause),
            request("POST /v1/commands HTTP/1.1", ["Content-Type: application/json"], body: #"{"resume":{}}"#),
            request("POST /v1/focus/commands HTTP/1.1", ["Content-Type: application/json"], body: #"{"nonsense":true}"#),
            request("POST /v1/commands HTTP/1.1", ["Transfer-Encoding: chunked"], body: "5\r\n{\"res\r\nB\r\nume\":{}}\r\n0\r\n\r\n"),
            request("GET /v1/focus/follow HTTP/1.1"),
            request("POST /v1/commands HTTP/1.1", ["Expect: 100-continue"], body: pause),
            request("GET /v1/status HTTP/1.1") + request("GET /v1/gate HTTP/1.1", ["Connection: close"]),
            request("GET /v1/nothing HTTP/1.0"),
        ]
        return texts.map { Array($0.utf8) }
    }

    /// Template `template` spoiled by `mutation`, the details drawn from `noise`.
    func input(template: Int, mutation: Mutation, noise: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: noise)
        var bytes = templates[template % templates.count]
        let headEnd = max(1, (bytes.firstRange(of: Array("\r\n\r\n".utf8))?.lowerBound ?? bytes.count))
        func position() -> Int { Int.random(in: 0..<bytes.count, using: &random) }
        func headerSlot() -> Int { (bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0) + 1 }
        func insertHeaders(_ lines: [String]) {
            bytes.insert(contentsOf: Array(lines.map { $0 + "\r\n" }.joined().utf8), at: headerSlot())
        }
        switch mutation {
        case .none:
            break
        case .flipBytes:
            for _ in 0..<Int.random(in: 1...4, using: &random) { bytes[position()] = UInt8.random(in: 0...255, using: &random) }
        case .truncate:
            bytes = Array(bytes.prefix(position()))
        case .duplicateHeader:
            let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n").dropFirst()
            let line = lines.randomElement(using: &random) ?? "Host: x"
            insertHeaders(Array(repeating: line, count: Int.random(in: 1...3, using: &random)))
        case .oversizedHeader:
            insertHeaders(["X-Big: " + String(repeating: "b", count: Int.random(in: 1_000...20_000, using: &random))])
        case .manyHeaders:
            insertHeaders((0..<Int.random(in: 50...150, using: &random)).map { "X-Many-\($0): \($0)" })
        case .badContentLength:
            let values = ["-1", "abc", "99999999999999999999", "1, 2", "", " 5", "0x10", "\(Int.random(in: 0...3_000_000, using: &random))"]
            insertHeaders(["Content-Length: " + (values.randomElement(using: &random) ?? "")])
        case .badChunks:
            let chunks = ["zz\r\nab\r\n0\r\n\r\n", "5\r\nab\r\n0\r\n\r\n", "ffffffffffffffff\r\n", "3\r\nabc0\r\n\r\n", "-1\r\n\r\n", "1;ext=\u{1}\r\na\r\n0\r\n\r\n"]
            bytes = Array(bytes[..<headEnd])
            bytes += Array("\r\nTransfer-Encoding: chunked\r\n\r\n".utf8) + Array((chunks.randomElement(using: &random) ?? "").utf8)
        case .randomMethodAndPath:
            let methods = ["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "CONNECT", "TRACE", "BREW", "get", "G\u{0}T", ""]
            let paths = ["/", "*", "/v1/status/../gate", "http://127.0.0.1/v1/status", "//", "/%zz", "/v1/%2e%2e/", "/v1/status?" + String(repeating: "a=1&", count: 300), "/\u{7f}", "relative"]
            let line = "\(methods.randomElement(using: &random) ?? "") \(paths.randomElement(using: &random) ?? "") HTTP/1.1"
            let firstLineEnd = bytes.firstIndex(of: UInt8(ascii: "\r")) ?? 0
            bytes.replaceSubrange(0..<firstLineEnd, with: Array(line.utf8))
        case .garbage:
            bytes = (0..<Int.random(in: 0...2_000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .insertBytes:
            let extra = (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes.insert(contentsOf: extra, at: position())
        case .deleteRange:
            let start = position()
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...32, using: &random)))
        case .wrongHostOrToken:
            let text = String(decoding: bytes, as: UTF8.self)
            let spoiled = [
                text.replacingOccurrences(of: "Host: 127.0.0.1:\(port)", with: "Host: rebind.example"),
                text.replacingOccurrences(of: "Host: 127.0.0.1:\(port)\r\n", with: ""),
                text.replacingOccurrences(of: token, with: "guess"),
                text.replacingOccurrences(of: "Authorization: Bearer \(token)\r\n", with: ""),
            ]
            bytes = Array((spoiled.randomElement(using: &random) ?? text).utf8)
        }
        return bytes
    }
}

/// A small seeded generator (SplitMix64), so one number fixes every detail of a mutation.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
