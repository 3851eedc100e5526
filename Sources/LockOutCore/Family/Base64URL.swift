import Foundation

/// base64url without padding (RFC 4648 §5), as tokens, keys, pairing codes and sealed bodies are written.
///
/// Byte by byte over the text's UTF-8: a sealed push's body is a kilobyte or more of it, and the server reads
/// every one.
public enum Base64URL {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Each byte's value in the alphabet; 0xFF for a byte that is not in it.
    static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(value) }
        return values
    }()

    /// Encodes `data`.
    public static func encode(_ data: Data) -> String {
        data.withUnsafeBytes { encode($0) }
    }

    /// Encodes `bytes`.
    public static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        let count = bytes.count
        let length = count / 3 * 4 + [0, 2, 3][count % 3]
        return String(unsafeUninitializedCapacity: length) { text in
            alphabet.withUnsafeBufferPointer { alphabet in
                var out = 0
                var at = 0
                func put(_ value: UInt32) {
                    text[out] = alphabet[Int(value & 63)]
                    out += 1
                }
                while at + 3 <= count {
                    let group = UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
                    put(group >> 18); put(group >> 12); put(group >> 6); put(group)
                    at += 3
                }
                switch count - at {
                case 1:
                    let group = UInt32(bytes[at]) << 16
                    put(group >> 18); put(group >> 12)
                case 2:
                    let group = UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8
                    put(group >> 18); put(group >> 12); put(group >> 6)
                default: break
                }
                return out
            }
        }
    }

    /// Decodes `text`, or nil when it is not base64url. As RFC 4648 leaves to decoders, the unused low bits of
    /// the last character are ignored; `isCanonical` tells whether they are zero.
    public static func decode(_ text: String) -> Data? {
        decodeBytes(text).map { Data($0) }
    }

    /// Decodes `text` to bytes, or nil when it is not base64url (as `decode`).
    public static func decodeBytes(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8(decodedBytes)
    }

    /// Whether `text`'s last character leaves its unused bits zero, so that it is the one text of what it decodes to.
    public static func isCanonical(_ text: String) -> Bool {
        guard let last = text.utf8.last else { return true }
        let value = values[Int(last)]
        guard value != 0xFF else { return false }
        switch text.utf8.count % 4 {
        case 2: return value & 0x0F == 0
        case 3: return value & 0x03 == 0
        default: return true
        }
    }

    /// The bytes `utf8` decodes to, or nil when it is not base64url.
    static func decodedBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = utf8.count
        guard count % 4 != 1 else { return nil }
        return values.withUnsafeBufferPointer { values -> [UInt8]? in
            var bytes = [UInt8]()
            bytes.reserveCapacity(count / 4 * 3 + 2)
            var at = 0
            var group: UInt32 = 0
            while at < count {
                let value = values[Int(utf8[at])]
                guard value != 0xFF else { return nil }
                group = group << 6 | UInt32(value)
                at += 1
                if at % 4 == 0 {
                    bytes.append(UInt8(truncatingIfNeeded: group >> 16))
                    bytes.append(UInt8(truncatingIfNeeded: group >> 8))
                    bytes.append(UInt8(truncatingIfNeeded: group))
                    group = 0
                }
            }
            switch count % 4 {
            case 2: bytes.append(UInt8(truncatingIfNeeded: group >> 4))
            case 3:
                bytes.append(UInt8(truncatingIfNeeded: group >> 10))
                bytes.append(UInt8(truncatingIfNeeded: group >> 2))
            default: break
            }
            return bytes
        }
    }
}
