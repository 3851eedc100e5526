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

    /// A derivation that is fast and tells its inputs apart, for the format's own rules.
    private static let fake = PBKDF2PINHashing { password, salt, rounds in
        Data((password + salt + withUnsafeBytes(of: rounds.bigEndian, Array.init)).prefix(32))
    }

    @Test("a hash made by another PBKDF2 implementation verifies with swift-crypto's derivation")
    func knownAnswer() async {
        // 210,000 rounds take seconds in a debug build: on a thread of their own, not one of the shared pool's.
        let verified = await onThread { PINHasher().verify("1234", against: Self.vector) }
        #expect(verified)
    }

    @Test("a fresh hash has the format, a random salt, and verifies; another PIN does not")
    func fresh() throws {
        let first = try Self.fake.hash("0000")
        let second = try Self.fake.hash("0000")
        #expect(first.hasPrefix("pbkdf2-sha256$210000$"))
        #expect(first.split(separator: "$").count == 4)
        #expect(first != second)
        #expect(Self.fake.verify("0000", against: first))
        #expect(!Self.fake.verify("0001", against: first))
    }

    @Test("fewer rounds than the minimum, and unreadable forms, match nothing")
    func refused() {
        // A correct hash, but of 1,000 rounds only.
        #expect(!PINHasher().verify("1234", against: "pbkdf2-sha256$1000$AAECAwQFBgcICQoLDA0ODw==$IkDqKiJ1SjxGEDVu+OTXrPJa8qw9LRGGbel6i3gSxSw="))
        for stored in ["", "1234", "sha1$210000$AA==$AA==", "pbkdf2-sha256$x$AA==$AA==", "pbkdf2-sha256$210000$!!$AA=="] {
            #expect(!PINHasher().verify("1234", against: stored))
        }
    }

    private func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
