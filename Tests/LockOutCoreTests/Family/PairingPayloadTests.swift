import Foundation
import Testing
@testable import LockOutCore

@Suite("Family: pairing codes, server addresses, device modes")
struct PairingPayloadTests {
    static let family = FamilyID(rawValue: UUID(uuidString: "6F1C2B3A-0000-4000-8000-000000000001")!)
    static let secret = Base64URL.encode(Data(repeating: 0xAB, count: 24))

    @Test("a payload survives its text: server, family and secret come back")
    func roundTrip() throws {
        let payload = PairingPayload(server: try ServerAddress.validated("https://family.example.org:8443/"), family: Self.family, secret: Self.secret)
        #expect(payload.text.hasPrefix("lockout-pair:"))
        #expect(!payload.text.contains("="))
        let read = try PairingPayload(parsing: "  \(payload.text)\n")
        #expect(read == payload)
        #expect(read.server.absoluteString == "https://family.example.org:8443")
    }

    @Test("a cut, foreign or future code is refused with what is wrong")
    func refusals() throws {
        let text = PairingPayload(server: try ServerAddress.validated("http://127.0.0.1:8443"), family: Self.family, secret: Self.secret).text
        #expect(throws: FamilyInputError.self) { try PairingPayload(parsing: "hello") }
        #expect(throws: FamilyInputError.self) { try PairingPayload(parsing: String(text.dropLast(12))) }
        #expect(throws: FamilyInputError.self) { try PairingPayload(parsing: text + "!") }
        let future = "lockout-pair:" + Base64URL.encode(Data(#"{"v":3,"s":"http://x","f":"\#(Self.family)","k":"\#(Self.secret)"}"#.utf8))
        #expect(throws: FamilyInputError.unsupportedPairingVersion(3)) { try PairingPayload(parsing: future) }
        let shortSecret = "lockout-pair:" + Base64URL.encode(Data(#"{"v":2,"s":"http://x","f":"\#(Self.family)","k":"AAAA"}"#.utf8))
        #expect(throws: FamilyInputError.pairingSecret) { try PairingPayload(parsing: shortSecret) }
        let ftp = "lockout-pair:" + Base64URL.encode(Data(#"{"v":2,"s":"ftp://x","f":"\#(Self.family)","k":"\#(Self.secret)"}"#.utf8))
        #expect(throws: FamilyInputError.serverURL("ftp://x")) { try PairingPayload(parsing: ftp) }
    }

    @Test("a version 1 code, from before end-to-end pairing, is refused with a message that says to ask for a new one")
    func oldCodesRefused() throws {
        let old = "lockout-pair:" + Base64URL.encode(Data(#"{"v":1,"s":"http://x","f":"\#(Self.family)","k":"\#(Self.secret)","e":true}"#.utf8))
        #expect(throws: FamilyInputError.oldPairingVersion(1)) { try PairingPayload(parsing: old) }
        #expect(FamilyInputError.oldPairingVersion(1).description.contains("ask the parent for a new code"))
    }

    @Test("an end-to-end code carries its pairing key and the parent's fingerprint, both or neither, and survives its text")
    func endToEndCodes() throws {
        let key = try PairingKey(Array(repeating: 7, count: 32))
        let plain = PairingPayload(server: try ServerAddress.validated("http://127.0.0.1:8443"), family: Self.family, secret: Self.secret)
        #expect(!plain.endToEnd && plain.key == nil)
        let sealed = plain.carrying(key, parentFingerprint: "0123-4567-89ab-cdef-0123-4567-89ab-cdef")
        let read = try PairingPayload(parsing: sealed.text)
        #expect(read.endToEnd && read.key == key && read.parentFingerprint == "0123-4567-89ab-cdef-0123-4567-89ab-cdef")
        let keyAlone = "lockout-pair:" + Base64URL.encode(Data(
            #"{"v":2,"s":"http://x","f":"\#(Self.family)","k":"\#(Self.secret)","p":"\#(Base64URL.encode(Data(key.bytes)))"}"#.utf8))
        #expect(throws: FamilyInputError.malformedPairingPayload("its end-to-end key was cut or changed")) { try PairingPayload(parsing: keyAlone) }
        let shortKey = "lockout-pair:" + Base64URL.encode(Data(#"{"v":2,"s":"http://x","f":"\#(Self.family)","k":"\#(Self.secret)","p":"AAAA","h":"x"}"#.utf8))
        #expect(throws: FamilyInputError.malformedPairingPayload("its end-to-end key was cut or changed")) { try PairingPayload(parsing: shortKey) }
    }

    @Test("only http and https URLs with a host are servers")
    func serverAddresses() throws {
        #expect(try ServerAddress.validated("HTTP://Example.org").absoluteString == "http://Example.org")
        #expect(try ServerAddress.validated("https://h.example/lockout/").absoluteString == "https://h.example/lockout")
        for bad in ["ftp://x", "example.org", "http://", "http://x?y=1", "http://user@x", ""] {
            #expect(throws: FamilyInputError.self) { try ServerAddress.validated(bad) }
        }
    }

    @Test("base64url decodes what it encodes, and nothing else")
    func base64URL() {
        for count in 0..<40 {
            let data = Data((0..<count).map { UInt8(($0 * 37 + 11) % 256) })
            #expect(Base64URL.decode(Base64URL.encode(data)) == data)
        }
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("abcde") == nil)
    }

    /// RFC 4648's base64 through Foundation, with base64url's two letters and no padding: what the codec must agree with.
    static func reference(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func reference(_ text: String) -> Data? {
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }),
              text.utf8.count % 4 != 1
        else { return nil }
        let base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return Data(base64Encoded: base64 + String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4))
    }

    @Test("base64url agrees with RFC 4648's base64 on every length, every byte and texts with stray characters")
    func base64URLAgreesWithReference() {
        var generator = SplitMix(seed: 20_261_202)
        for count in 0..<300 {
            let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = Base64URL.encode(data)
            #expect(text == Self.reference(data))
            #expect(Base64URL.decode(text) == data)
            #expect(Base64URL.isCanonical(text))
        }
        let letters = Array("ABCXYZabcxyz0189-_+/=. é\n\0")
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            #expect(Base64URL.decode(text) == Self.reference(text), "\(text.debugDescription)")
        }
        // The unused bits of the last character: ignored when decoding, and named by isCanonical.
        #expect(Base64URL.decode("QR") == Data([0x41]))
        #expect(!Base64URL.isCanonical("QR") && Base64URL.isCanonical("QQ"))
        #expect(!Base64URL.isCanonical("QUJ") && Base64URL.isCanonical("QUI"))
    }

    @Test("modes parse from parent, child and self; only a child needs shield authorization")
    func modes() throws {
        #expect(try DeviceMode(parsing: "parent") == .parentDevice)
        #expect(try DeviceMode(parsing: "SELF") == .personalDevice)
        #expect(try DeviceMode(parsing: "childDevice") == .childDevice)
        #expect(throws: FamilyInputError.unknownMode("kid")) { try DeviceMode(parsing: "kid") }
        #expect(DeviceMode.allCases.filter(\.requiresShieldAuthorization) == [.childDevice])
        #expect(DeviceMode.parentDevice.rawValue == "parentDevice")
        let data = try JSONEncoder().encode(DeviceMode.personalDevice)
        #expect(String(decoding: data, as: UTF8.self) == "\"personalDevice\"")
    }

    @Test("the root route follows the mode and, for a child, the pairing")
    func routes() {
        #expect(RootRoute(mode: nil, isPaired: false) == .deviceSelection)
        #expect(RootRoute(mode: .parentDevice, isPaired: false) == .familyDashboard)
        #expect(RootRoute(mode: .childDevice, isPaired: false) == .childSetup)
        #expect(RootRoute(mode: .childDevice, isPaired: true) == .childHome)
        #expect(RootRoute(mode: .personalDevice, isPaired: true) == .personal)
    }

    @Test("device names are trimmed, 1…64 code points, without control or invisible formatting characters; reset needs 'reset' typed")
    func namesAndReset() throws {
        #expect(try DeviceIdentity.validName("  Anna's laptop ") == "Anna's laptop")
        #expect(throws: FamilyInputError.self) { try DeviceIdentity.validName("   ") }
        #expect(throws: FamilyInputError.self) { try DeviceIdentity.validName(String(repeating: "x", count: 65)) }
        #expect(throws: FamilyInputError.nameHasControlCharacters) { try DeviceIdentity.validName("a\u{7}b") }
        // Counted in code points, as both server databases count: 64 characters of 128 are too many.
        #expect(throws: FamilyInputError.nameLength(count: 128, allowed: 1...64)) {
            try DeviceIdentity.validName(String(repeating: "e\u{301}", count: 64))
        }
        #expect(try DeviceIdentity.validName(String(repeating: "\u{1F1E9}\u{1F1EA}", count: 32)).unicodeScalars.count == 64)
        #expect(throws: FamilyInputError.nameHasControlCharacters) { try DeviceIdentity.validName("a\u{202E}b") }
        #expect(try DeviceIdentity.validName("\u{A0}👩‍💻 Anna\u{3000}") == "👩‍💻 Anna")
        try DeviceReset.confirm("reset")
        #expect(throws: FamilyInputError.self) { try DeviceReset.confirm("yes") }
        #expect(throws: FamilyInputError.self) { try DeviceReset.confirm(nil) }
    }
}
