import Foundation
import LockOutCore
import Testing

@Suite("UUID text")
struct UUIDTextTests {
    @Test("writes what Foundation writes and reads it back, for any bytes")
    func agreesWithFoundationOnWriting() {
        var generator = SplitMix(seed: 20_261_202)
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        let random = (0..<2_000).map { _ in
            var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &raw) { bytes in
                for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            }
            return UUID(uuid: raw)
        }
        for uuid in edges + random {
            let text = UUIDText.string(uuid)
            #expect(text == uuid.uuidString)
            #expect(UUIDText.uuid(text) == uuid)
            #expect(UUIDText.uuid(text.lowercased()) == uuid)
            #expect(DeviceID(rawValue: uuid).description == uuid.uuidString)
        }
    }

    /// Whether `text` is a UUID's text in form: 8-4-4-4-12 hex digits of either case, nothing else.
    static func wellFormed(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.joined().unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isASCIIHexDigit }
    }

    /// Foundation's scanner also takes a sign or a space in a digit's place ("89-7", "b6+d9", "0 56"): text no
    /// device writes, which the server now refuses instead of reading as some other id.
    @Test("reads what Foundation reads of well-formed text, and refuses a changed, missing or extra character anywhere")
    func agreesWithFoundationOnReading() {
        var generator = SplitMix(seed: 7)
        let letters = Array("0123456789abcdefABCDEFgG-+ x\0é{}")
        var read = 0, refused = 0
        for _ in 0..<3_000 {
            var text = Array(UUID().uuidString)
            if Bool.random(using: &generator) { text = text.map { Bool.random(using: &generator) ? Character($0.lowercased()) : $0 } }
            let at = Int.random(in: 0..<text.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: text[at] = letters.randomElement(using: &generator)!
            case 1: text.remove(at: at)
            case 2: text.insert(letters.randomElement(using: &generator)!, at: at)
            default: break
            }
            let written = String(text)
            if Self.wellFormed(written) {
                read += 1
                #expect(UUIDText.uuid(written) != nil && UUIDText.uuid(written) == UUID(uuidString: written), "\(written.debugDescription)")
            } else {
                refused += 1
                #expect(UUIDText.uuid(written) == nil, "\(written.debugDescription)")
            }
            #expect(UUIDText.uuid(written[...]) == UUIDText.uuid(written), "\(written.debugDescription)")
        }
        #expect(read > 1_000 && refused > 1_000)
        for bad in ["", "-", String(repeating: "0", count: 36), "00000000-0000-0000-0000-00000000000", "{00000000-0000-0000-0000-000000000000}",
                    "0000000+-0000-0000-0000-000000000000", " 0000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-00000000000é"] {
            #expect(UUIDText.uuid(bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test("an id decodes from its text and refuses other text in Foundation's words")
    func identifiersDecode() throws {
        let uuid = UUID()
        let data = Data("[\"\(uuid.uuidString.lowercased())\"]".utf8)
        #expect(try JSONDecoder().decode([MutationID].self, from: data) == [MutationID(rawValue: uuid)])
        #expect(String(decoding: try JSONEncoder().encode([MutationID(rawValue: uuid)]), as: UTF8.self) == "[\"\(uuid.uuidString)\"]")
        let bad = Data("[\"\(uuid.uuidString)x\"]".utf8)
        let ours = Self.refusal { try JSONDecoder().decode([MutationID].self, from: bad) }
        let foundations = Self.refusal { try JSONDecoder().decode([UUID].self, from: bad) }
        #expect(ours != nil && ours == foundations)
        #expect(DeviceID(uuidString: nil) == nil && DeviceID(uuidString: "x") == nil)
        #expect(DeviceID(uuidString: uuid.uuidString) == DeviceID(rawValue: uuid))
    }

    static func refusal(_ decode: () throws -> Any) -> String? {
        do {
            _ = try decode()
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return "\(context.codingPath.map(\.stringValue)) \(context.debugDescription)"
        } catch {
            return "\(error)"
        }
    }
}
