import Foundation
import HTTPTypes
import HummingbirdTesting
import LockOutCore
import NIOCore
import Testing
@testable import LockOutServer

/// The OpenAPI document and the server agree on what they take.
@Suite("Family server: the OpenAPI document")
struct OpenAPIDocumentTests {
    @Test("the document's name pattern takes exactly the names the server takes")
    func namePattern() throws {
        let pattern = DeviceNameCharacters.pattern
        #expect(OpenAPIDocument.yaml.contains(pattern.replacingOccurrences(of: "\\", with: "\\\\")))
        let expression = try NSRegularExpression(pattern: pattern)
        let names = [
            "Anna's laptop", "  Ben  ", "", "   ", "a\u{7}b", "a\u{200B}b", "a\u{202E}b", "a\u{2028}b", "\u{A0}x\u{3000}", "x\u{AD}",
            "👩‍💻 Anna", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", RequestRulesTests.accented, RequestRulesTests.flags, String(repeating: "x", count: 64), String(repeating: "x", count: 65),
            " " + String(repeating: "x", count: 64) + "\t", "x\u{E0001}", "\u{110BD}", "ß\u{1D173}",
        ]
        for name in names {
            let matches = expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
            #expect(matches == ((try? DeviceIdentity.validName(name)) != nil), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Whether `pattern` matches the whole of `text`.
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try NSRegularExpression(pattern: "^(?:\(pattern))$").firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test("the document's base64url patterns take exactly the texts the server decodes, of the lengths it takes")
    func bytesPatterns() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        for length in 0...400 {
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
            let decoded = Base64URL.decode(text)
            #expect(try Self.matches(OpenAPIDocument.bytesPattern, text) == (decoded != nil), "\(length)")
            #expect(try Self.matches(OpenAPIDocument.key32Pattern, text) == (decoded?.count == 32), "\(length)")
            for bytes in [64, EpochKeyWrap.maximumPartLength] where decoded != nil {
                #expect((length <= OpenAPIDocument.characters(forBytes: bytes)) == (decoded?.count ?? 0 <= bytes), "\(length) for \(bytes)")
            }
        }
        #expect(try !Self.matches(OpenAPIDocument.bytesPattern, "AB+/"))
    }

    @Test("an event stream sends only the events the document declares, each with the data it declares")
    func streamEvents() async throws {
        let family = try await HTTPFamily.make()
        let child = try family.caller(.childA)
        let text = try await LiveServer.with(family, .testing()) { port in
            let (stream, ready) = try await offPool {
                let client = try LoopbackClient(port: port)
                client.send(RawRequest.get("/v1/events", token: HTTPFamily.token(.childA)))
                return (client, try client.read(until: "event: ready\ndata: {}\n\n"))
            }
            let seq = try await EventStreamTests.push([try FamilyFixture.command(to: child)], as: .parent, port: port)
            return ready + (try await offPool { try stream.read(until: EventStreamTests.poke(seq)) })
        }
        // The body after the header, read line by line: chunk sizes have no colon, and a blank line ends an event.
        let body = String(text[try #require(text.range(of: "\r\n\r\n")).upperBound...])
        var events: [[String: String]] = [[:]]
        for line in body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map({ String(String.UnicodeScalarView($0)) }) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if line.isEmpty, events.last?.isEmpty == false { events.append([:]) }
            if parts.count == 2, !line.hasPrefix(":") { events[events.count - 1][parts[0]] = parts[1] }
        }
        events.removeAll { $0.isEmpty }
        #expect(events.map { $0["event"] } == ["ready", "changed"], "\(events)")
        for event in events {
            #expect(OpenAPIDocument.eventNames.contains(event["event"] ?? ""), "\(event)")
            #expect(try Self.matches(OpenAPIDocument.eventDataPattern, event["data"] ?? ""), "\(event)")
            #expect(event["retry"].map { Int($0) != nil } ?? true, "\(event)")
        }
    }

    @Test("the document leaves request objects open, and the server takes fields it does not know: a newer device's")
    func unknownFields() async throws {
        #expect(!OpenAPIDocument.yaml.contains("additionalProperties: false"))
        let family = try await HTTPFamily.make()
        let child = try family.caller(.childA)
        let summary = try FamilyFixture.summary(child)
        var mutation = try #require(try JSONSerialization.jsonObject(with: SyncJSON.encoder().encode(summary)) as? [String: Any])
        mutation["future"] = ["nested": true]
        let push = try JSONSerialization.data(withJSONObject: ["mutations": [mutation], "future": 1])
        let pairing = Data(#"{"mode": "childDevice", "future": "x"}"#.utf8)
        let (pushed, paired) = try await family.app().test(.router) { client in
            let pushed = try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(.childA, json: true),
                                                  body: ByteBuffer(bytes: push)) { try HTTPFamily.decode(SyncAPI.PushResult.self, $0) }
            let paired = try await client.execute(uri: "/v1/pairings", method: .post, headers: HTTPFamily.headers(.parent, json: true),
                                                  body: ByteBuffer(bytes: pairing)) { $0.status }
            return (pushed, paired)
        }
        #expect(pushed.results.map(\.status) == [.applied])
        #expect(paired == .created)
    }

    @Test("a batch that repeats a mutation id, which the document cannot forbid, answers the repeat as a retry: applied once")
    func repeatedIDs() async throws {
        let family = try await HTTPFamily.make()
        let child = try family.caller(.childA)
        let summary = try FamilyFixture.summary(child)
        let other = FamilyFixture.reusing(summary.id, try FamilyFixture.summary(child, day: "2023-11-13"))
        let results = try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(.childA, json: true),
                                     body: try HTTPFamily.body(SyncAPI.Push(mutations: [summary, other]))) {
                try HTTPFamily.decode(SyncAPI.PushResult.self, $0).results
            }
        }
        #expect(results.map(\.status) == [.applied, .duplicate])
        #expect(results.map(\.seq) == [results.first?.seq, results.first?.seq])
        let records = try await family.storage.changes(caller: try family.caller(.parent), since: 0, limit: 500).changes
        #expect(records.map(\.recordID) == [summary.recordID])
    }
}
