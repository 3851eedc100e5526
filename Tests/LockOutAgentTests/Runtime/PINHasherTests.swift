import Foundation
import LockOutAgent
import LockOutRuntime
import Testing

/// The PIN's stored form is one on every platform: a hash made elsewhere (this vector comes from an independent
/// PBKDF2-HMAC-SHA256) verifies here, and what is made here has the documented shape.
@Suite("PIN hash format")
struct PINHasherTests {
    /// PIN 1234, salt 00 01 … 0f, 210,000 rounds.
    private static let vector = "pbkdf2-sha256$210000$AAECAwQFBgcICQoLDA0ODw==$lC7thYbwSqjMSxRTfrArtgG2cXSbb5XAei0iYfg+dac="

    @Test("a hash made by another PBKDF2 implementation verifies, and only with its PIN")
    func knownAnswer() {
        #expect(PINHasher().verify("1234", against: Self.vector))
        #expect(!PINHasher().verify("1235", against: Self.vector))
    }

    @Test("a fresh hash has the format, a random salt, and verifies")
    func fresh() throws {
        let first = try PINHasher().hash("0000")
        let second = try PINHasher().hash("0000")
        #expect(first.hasPrefix("pbkdf2-sha256$210000$"))
        #expect(first.split(separator: "$").count == 4)
        #expect(first != second)
        #expect(PINHasher().verify("0000", against: first))
    }

    @Test("fewer rounds than the minimum, and unreadable forms, match nothing")
    func refused() {
        // A correct hash, but of 1,000 rounds only.
        #expect(!PINHasher().verify("1234", against: "pbkdf2-sha256$1000$AAECAwQFBgcICQoLDA0ODw==$IkDqKiJ1SjxGEDVu+OTXrPJa8qw9LRGGbel6i3gSxSw="))
        for stored in ["", "1234", "sha1$210000$AA==$AA==", "pbkdf2-sha256$x$AA==$AA==", "pbkdf2-sha256$210000$!!$AA=="] {
            #expect(!PINHasher().verify("1234", against: stored))
        }
    }
}
