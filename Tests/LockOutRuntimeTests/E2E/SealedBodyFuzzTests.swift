import Foundation
import PropertyBased
import Testing
@testable import LockOutCore
import LockOutRuntime

/// The container parser fed random and mutated texts: it never crashes, and what it accepts it writes back
/// exactly as it was given (one container, one text).
@Suite("Sealed bodies: parser fuzzing")
struct SealedBodyFuzzTests {
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (0x4675_7A7A, 0x2043_6F6E, 0x7461_696E, 0x6572_2131)
    /// How many texts one run parses (also in docs/family.md).
    static let inputCount = 10_000

    enum Mutation: CaseIterable {
        case replaceCharacter, insertCharacter, deleteRange, truncate, changePrefix, randomBase64URL, randomBytes, duplicate
    }

    @Test("random and mutated containers: refused with a reason, or accepted and written back unchanged")
    func fuzz() async throws {
        let sealer = RecordSealer(cipher: SwiftCryptoFamilyCipher())
        var random = Xoshiro(seed: Self.seed)
        let envelope = SealedBodyTamperTests.envelopes.run(using: &random)
        let valid = try [0, 300, 2000].map { length in
            try sealer.seal([UInt8](repeating: 0x41, count: length), for: envelope, epochKey: [UInt8](repeating: 3, count: 32)).text
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/.e \u{0}é")
        let inputs = zip(Gen.int(in: 0...valid.count - 1), Gen<Mutation>.case, Gen.int(in: 0...1_000_000), Gen.uint8().array(of: 0...600))
        var seen: [Mutation: Int] = [:]
        var accepted = 0

        for index in 0..<Self.inputCount {
            // Yields now and then: the suites share two threads with tests waiting on a live server.
            if index % 50 == 0 { await Task.yield() }
            let (template, mutation, position, noise) = inputs.run(using: &random)
            var characters = Array(valid[template])
            let at = position % max(1, characters.count)
            switch mutation {
            case .replaceCharacter: characters[at] = alphabet[position % alphabet.count]
            case .insertCharacter: characters.insert(alphabet[position % alphabet.count], at: at)
            case .deleteRange: characters.removeSubrange(at..<min(characters.count, at + 1 + position % 8))
            case .truncate: characters = Array(characters.prefix(at))
            case .changePrefix: characters.replaceSubrange(0..<3, with: Array(["e2.", "e1,", "E1.", "e.", "e10."][position % 5]))
            case .randomBase64URL: characters = Array("e1.") + noise.map { alphabet[Int($0) % 64] }
            case .randomBytes: characters = Array(String(decoding: noise, as: UTF8.self))
            case .duplicate: characters += characters[at...]
            }
            seen[mutation, default: 0] += 1
            let text = String(characters)
            do {
                let body = try SealedBody(text)
                accepted += 1
                #expect(body.text == text, "input \(index) (\(mutation)) was accepted but writes back otherwise")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(seen.count == Mutation.allCases.count)
        // The generator reaches past the parser's checks too: some mutated texts are still containers.
        #expect(accepted > 0)
    }
}
