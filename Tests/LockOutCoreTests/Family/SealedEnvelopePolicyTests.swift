import Foundation
import Testing
@testable import LockOutCore

/// The envelope rules of a sealed record, which the server checks without reading a body: the three sealing
/// fields together, a well-formed container, a scope that fits the writer and the record.
@Suite("Sync: the envelope of a sealed record")
struct SealedEnvelopePolicyTests {
    static let child = DeviceID(rawValue: UUID())
    static let sibling = DeviceID(rawValue: UUID())
    static let parent = DeviceID(rawValue: UUID())
    static let day = LocalDate(year: 2026, month: 11, day: 24)

    /// A well-formed container of the smallest padded size; nothing here opens it.
    static let sealedBody = SealedBody(
        salt: Array(repeating: 1, count: SealedBody.saltLength), commitment: Array(repeating: 2, count: SealedBody.commitmentLength),
        nonce: Array(repeating: 3, count: SealedBody.nonceLength), ciphertext: Array(repeating: 4, count: BodyPadding.sizes[0]),
        tag: Array(repeating: 5, count: SealedBody.tagLength)
    ).text

    static func usage(scope: KeyScope = .child(child), epoch: UInt32 = 1, counter: UInt64 = 1, body: String = sealedBody) -> SyncMutation {
        SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: UUID().uuidString, localDate: day, body: body,
                     sealing: RecordSealing(scope: scope, epoch: epoch, writerCounter: counter))
    }

    static func decode(_ json: String) throws -> SyncMutation {
        try JSONDecoder().decode(SyncMutation.self, from: Data(json.utf8))
    }

    @Test("a sealed mutation travels as keyScope, keyEpoch and writerCounter; a plaintext one carries none of them")
    func json() throws {
        let sealed = Self.usage(scope: .child(Self.child), epoch: 3, counter: 41)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(sealed)) as? [String: Any])
        #expect(object["keyScope"] as? String == "child:\(Self.child)")
        #expect(object["keyEpoch"] as? Int == 3)
        #expect(object["writerCounter"] as? Int == 41)
        #expect(try JSONDecoder().decode(SyncMutation.self, from: JSONEncoder().encode(sealed)) == sealed)

        let plain = SyncMutation(id: MutationID(rawValue: UUID()), type: .settings, recordID: "s", body: "{}")
        let plainObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(plain)) as? [String: Any])
        #expect(plainObject["keyScope"] == nil && plainObject["keyEpoch"] == nil && plainObject["writerCounter"] == nil)
        #expect(plain.sealing == nil && !plain.hasPartialSealing)

        let id = UUID().uuidString
        let bad = #"{"id":"\#(id)","type":"usage","recordID":"r","deleted":false,"body":"{}","keyScope":"sibling:1"}"#
        #expect(throws: DecodingError.self) { try Self.decode(bad) }
        let partial = try Self.decode(#"{"id":"\#(id)","type":"settings","recordID":"r","deleted":false,"body":"{}","keyEpoch":2}"#)
        #expect(partial.hasPartialSealing && partial.sealing == nil)
        #expect(WritePolicy.check(partial, writer: Self.parent, mode: .parentDevice) == .sealingIncomplete)
    }

    @Test("the container must be well formed, and a sealed body must say which key sealed it")
    func container() throws {
        #expect(WritePolicy.check(Self.usage(), writer: Self.child, mode: .childDevice) == nil)
        let plaintextUnderSealing = Self.usage(body: #"{"displayName":"canary"}"#)
        #expect(WritePolicy.check(plaintextUnderSealing, writer: Self.child, mode: .childDevice)?.code == "malformed_sealed_body")
        let truncated = Self.usage(body: String(Self.sealedBody.dropLast(8)))
        #expect(WritePolicy.check(truncated, writer: Self.child, mode: .childDevice)?.code == "malformed_sealed_body")
        let otherVersion = Self.usage(body: "e2." + Self.sealedBody.dropFirst(3))
        let refusal = try #require(WritePolicy.check(otherVersion, writer: Self.child, mode: .childDevice))
        #expect(refusal.code == "malformed_sealed_body" && refusal.description.contains("version"), "\(refusal)")

        let bare = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: "r", localDate: Self.day, body: Self.sealedBody)
        #expect(WritePolicy.check(bare, writer: Self.child, mode: .childDevice) == .sealedBodyWithoutSealing)

        let tombstone = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: "r", localDate: Self.day, deleted: true,
                                     body: "", sealing: RecordSealing(scope: .child(Self.child), epoch: 1, writerCounter: 2))
        #expect(WritePolicy.check(tombstone, writer: Self.child, mode: .childDevice)?.code == "malformed_sealed_body",
                "a sealed delete carries a sealed empty document")
    }

    @Test("epochs and writer counters start at 1, and a counter fits a signed 64-bit column")
    func ranges() {
        #expect(WritePolicy.check(Self.usage(epoch: 0), writer: Self.child, mode: .childDevice) == .sealingOutOfRange)
        #expect(WritePolicy.check(Self.usage(counter: 0), writer: Self.child, mode: .childDevice) == .sealingOutOfRange)
        #expect(WritePolicy.check(Self.usage(counter: UInt64(Int64.max) + 1), writer: Self.child, mode: .childDevice) == .sealingOutOfRange)
        #expect(WritePolicy.check(Self.usage(epoch: .max, counter: UInt64(Int64.max)), writer: Self.child, mode: .childDevice) == nil)
    }

    @Test("a child seals for its own scope, its health totals for a person's; never for a sibling or the parents")
    func childScopes() {
        #expect(WritePolicy.check(Self.usage(scope: .child(Self.sibling)), writer: Self.child, mode: .childDevice)?.code == "scope_not_allowed")
        #expect(WritePolicy.check(Self.usage(scope: .parents), writer: Self.child, mode: .childDevice)?.code == "scope_not_allowed")
        #expect(WritePolicy.check(Self.usage(scope: .person("anna")), writer: Self.child, mode: .childDevice)?.code == "scope_not_allowed")
        let totals = { (scope: KeyScope) in
            SyncMutation(id: MutationID(rawValue: UUID()), type: .healthTotals, recordID: "\(Self.child)/\(Self.day)", localDate: Self.day,
                         body: Self.sealedBody, sealing: RecordSealing(scope: scope, epoch: 1, writerCounter: 5))
        }
        #expect(WritePolicy.check(totals(.person("anna")), writer: Self.child, mode: .childDevice) == nil)
        #expect(WritePolicy.check(totals(.child(Self.child)), writer: Self.child, mode: .childDevice)?.code == "scope_not_allowed")
    }

    @Test("a parent seals its registration for the parents, a command for its target's scope")
    func parentScopes() {
        let registration = { (scope: KeyScope) in
            SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: Self.parent.description, body: Self.sealedBody,
                         sealing: RecordSealing(scope: scope, epoch: 1, writerCounter: 1))
        }
        #expect(WritePolicy.check(registration(.parents), writer: Self.parent, mode: .parentDevice) == nil)
        #expect(WritePolicy.check(registration(.child(Self.child)), writer: Self.parent, mode: .parentDevice)?.code == "scope_not_allowed")

        let command = { (scope: KeyScope) in
            SyncMutation(id: MutationID(rawValue: UUID()), type: .command, recordID: UUID().uuidString, target: Self.child,
                         body: Self.sealedBody, sealing: RecordSealing(scope: scope, epoch: 2, writerCounter: 9))
        }
        #expect(WritePolicy.check(command(.child(Self.child)), writer: Self.parent, mode: .parentDevice) == nil)
        #expect(WritePolicy.check(command(.child(Self.sibling)), writer: Self.parent, mode: .parentDevice)?.code == "scope_not_allowed")
        // Which of the target's scopes is the storage's to decide, once it knows the target's mode.
        #expect(WritePolicy.checkTargetScope(command(.child(Self.child)), targetMode: .childDevice) == nil)
        #expect(WritePolicy.checkTargetScope(command(.parents), targetMode: .childDevice)?.code == "scope_not_allowed")
        #expect(WritePolicy.checkTargetScope(command(.person("me")), targetMode: .personalDevice) == nil)
        #expect(WritePolicy.checkTargetScope(command(.child(Self.child)), targetMode: .personalDevice)?.code == "scope_not_allowed")
    }

    @Test("a sealed configuration names its program blinded in its id, never in the clear")
    func blindedNames() {
        let configuration = { (name: String) in
            SyncMutation(id: MutationID(rawValue: UUID()), type: .configuration, recordID: "\(Self.child)/\(name)", target: Self.child,
                         body: Self.sealedBody, sealing: RecordSealing(scope: .child(Self.child), epoch: 1, writerCounter: 1))
        }
        #expect(WritePolicy.check(configuration("\(RecordNaming.prefix)q2bTn0xM3rW1yV7c9dEfGg"), writer: Self.parent, mode: .parentDevice) == nil)
        #expect(WritePolicy.check(configuration("supertux"), writer: Self.parent, mode: .parentDevice)?.code == "name_not_blinded")
        // A plaintext family's configuration keeps its readable id.
        let plain = SyncMutation(id: MutationID(rawValue: UUID()), type: .configuration, recordID: "\(Self.child)/supertux", target: Self.child,
                                 body: "{}")
        #expect(WritePolicy.check(plain, writer: Self.parent, mode: .parentDevice) == nil)
    }

    @Test("a writer counter must be above the highest its writer committed")
    func counters() {
        #expect(WritePolicy.checkCounter(Self.usage(counter: 8), highest: 7) == nil)
        #expect(WritePolicy.checkCounter(Self.usage(counter: 7), highest: 7) == .writerCounterNotAbove(7, highest: 7))
        #expect(WritePolicy.checkCounter(Self.usage(counter: 2), highest: 7)?.code == "writer_counter")
        let plain = SyncMutation(id: MutationID(rawValue: UUID()), type: .settings, recordID: "s", body: "{}")
        #expect(WritePolicy.checkCounter(plain, highest: 7) == nil)
    }
}
