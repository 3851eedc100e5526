import Foundation

/// A record's body sealed for its scope: the versioned container the server stores and cannot read.
///
/// As text: `e1.` and the base64url (no padding) of the suite byte, the 16-byte salt the record's keys are
/// derived with, the 32-byte key commitment, the 12-byte nonce, the ciphertext and the 16-byte tag. The
/// ciphertext is the padded plaintext, so its length is one of `BodyPadding`'s sizes. Parsing checks the
/// shape only — the server does as much — and opening (`RecordSealer.open`) checks the rest.
public struct SealedBody: Hashable, Sendable {
    /// The text every sealed body starts with; a new container layout gets a new one.
    public static let prefix = "e1."
    /// The one suite so far: HKDF-SHA256 record keys, an HMAC-SHA256 key commitment, ChaCha20-Poly1305.
    public static let suite: UInt8 = 1
    public static let saltLength = 16
    public static let commitmentLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16
    static let headerLength = 1 + saltLength + commitmentLength + nonceLength

    public let salt: [UInt8]
    public let commitment: [UInt8]
    public let nonce: [UInt8]
    public let ciphertext: [UInt8]
    public let tag: [UInt8]

    public init(salt: [UInt8], commitment: [UInt8], nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
        self.salt = salt
        self.commitment = commitment
        self.nonce = nonce
        self.ciphertext = ciphertext
        self.tag = tag
    }

    /// Names this body among others: its salt, commitment and tag, which no two sealings share.
    public var fingerprint: String {
        Base64URL.encode(Data(salt + commitment + tag))
    }

    /// Whether `body` claims to be sealed (starts with a sealed body's prefix), well-formed or not.
    public static func isSealed(_ body: String) -> Bool {
        let utf8 = body.utf8
        guard utf8.first == UInt8(ascii: "e") else { return false }
        let digits = utf8.dropFirst().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return !digits.isEmpty && utf8.dropFirst(1 + digits.count).first == UInt8(ascii: ".")
    }

    /// Reads a container; throws what is wrong with it.
    public init(_ text: String) throws(SealedBodyError) {
        guard text.hasPrefix(Self.prefix) else {
            throw Self.isSealed(text) ? .unknownVersion : .notSealed
        }
        let encoded = String(text.dropFirst(Self.prefix.count))
        // One value, one text: a decoding that does not encode back (unused bits set) is refused too.
        guard let bytes = Base64URL.decodeBytes(encoded), Base64URL.isCanonical(encoded) else { throw .notBase64URL }
        guard bytes.count >= Self.headerLength + BodyPadding.sizes[0] + Self.tagLength else { throw .truncated(bytes: bytes.count) }
        guard bytes[0] == Self.suite else { throw .unknownSuite(bytes[0]) }
        let ciphertextLength = bytes.count - Self.headerLength - Self.tagLength
        guard BodyPadding.isPaddedSize(ciphertextLength) else { throw .unpaddedLength(ciphertextLength) }
        var at = 1
        func take(_ count: Int) -> [UInt8] {
            defer { at += count }
            return Array(bytes[at..<at + count])
        }
        salt = take(Self.saltLength)
        commitment = take(Self.commitmentLength)
        nonce = take(Self.nonceLength)
        ciphertext = take(ciphertextLength)
        tag = take(Self.tagLength)
    }

    /// The container as the body's text.
    public var text: String {
        ([Self.suite] + salt + commitment + nonce + ciphertext + tag).withUnsafeBytes { Self.prefix + Base64URL.encode($0) }
    }
}

/// What is wrong with a sealed body, or why it does not open.
public enum SealedBodyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body is not sealed at all (plaintext).
    case notSealed
    /// A container of a version this LockOut does not know.
    case unknownVersion
    case notBase64URL
    case truncated(bytes: Int)
    case unknownSuite(UInt8)
    /// The ciphertext's length is none of the padded sizes.
    case unpaddedLength(Int)
    /// The plaintext is longer than the largest padded size.
    case tooLarge(bytes: Int)
    /// The key commitment is not the one of this key and envelope: another key, or another envelope.
    case commitmentMismatch
    /// The AEAD refused the ciphertext: tampered with.
    case authenticationFailed
    /// The plaintext's padding is not well-formed.
    case badPadding

    public var description: String {
        switch self {
        case .notSealed: "the body is not sealed"
        case .unknownVersion: "the body is sealed in a container this version of LockOut does not know"
        case .notBase64URL: "the sealed body is not base64url"
        case .truncated(let bytes): "the sealed body is cut short (\(bytes) bytes)"
        case .unknownSuite(let suite): "the sealed body names an unknown suite (\(suite))"
        case .unpaddedLength(let length): "the sealed body's ciphertext is \(length) bytes, not a padded size"
        case .tooLarge(let bytes): "the body is \(bytes) bytes; at most \(BodyPadding.largestPlaintext) can be sealed"
        case .commitmentMismatch: "the sealed body was not made with this key for this record"
        case .authenticationFailed: "the sealed body was tampered with"
        case .badPadding: "the sealed body's padding is malformed"
        }
    }
}

/// The plaintext padded to a few sizes, so that a body's size tells little: 256 B, 1 KiB, then doubling to
/// 32 KiB. ISO/IEC 7816-4 padding: one 0x80 byte, then zeros.
public enum BodyPadding {
    public static let sizes = [256, 1024, 2048, 4096, 8192, 16384, 32768]
    /// The longest plaintext that fits: the padding takes at least one byte.
    public static var largestPlaintext: Int { sizes[sizes.count - 1] - 1 }

    public static func isPaddedSize(_ count: Int) -> Bool { sizes.contains(count) }

    public static func pad(_ plaintext: [UInt8]) throws(SealedBodyError) -> [UInt8] {
        guard let size = sizes.first(where: { $0 > plaintext.count }) else { throw .tooLarge(bytes: plaintext.count) }
        return plaintext + [0x80] + [UInt8](repeating: 0, count: size - plaintext.count - 1)
    }

    public static func unpad(_ padded: [UInt8]) throws(SealedBodyError) -> [UInt8] {
        guard let marker = padded.lastIndex(where: { $0 != 0 }), padded[marker] == 0x80 else { throw .badPadding }
        return Array(padded[..<marker])
    }
}
