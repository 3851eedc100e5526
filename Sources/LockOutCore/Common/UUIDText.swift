import Foundation

/// A UUID's 36-character text, written and read a byte at a time: the form Foundation writes (upper case,
/// hyphens after the 8th, 12th, 16th and 20th digit) and reads (hex digits of either case, nothing else).
/// Foundation goes through libc's formatted printing and scanning for it, which a family server answering
/// thousands of requests a second, each naming a few ids, pays for on every one.
public enum UUIDText {
    private static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `uuid` as Foundation's `uuidString` writes it.
    public static func string(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = digits[Int(byte >> 4)]
                    text[at + 1] = digits[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }

    /// The UUID `text` writes, or nil when it is not exactly 36 characters of hex digits with hyphens in
    /// their places — what `UUID(uuidString:)` accepts.
    public static func uuid(_ text: some StringProtocol) -> UUID? {
        if let parsed = text.utf8.withContiguousStorageIfAvailable(parse) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer(parse)
    }

    private static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &raw) { bytes -> Bool in
            var at = 0
            for index in 0..<16 {
                if at == 8 || at == 13 || at == 18 || at == 23 {
                    guard text[at] == UInt8(ascii: "-") else { return false }
                    at += 1
                }
                guard let high = value(text[at]), let low = value(text[at + 1]) else { return false }
                bytes[index] = high << 4 | low
                at += 2
            }
            return true
        }
        return complete ? UUID(uuid: raw) : nil
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
