import Foundation

/// UUIDs derived from what they identify, so recording the same thing twice after a crash
/// yields the same id and is stored once.
enum DeterministicUUID {
    /// The moment's milliseconds in the first 48 bits (good until year 10889), then the version
    /// nibble, then `tail` (at most 8 bytes) from byte 8 on. The version nibble sits after the
    /// timestamp so it never overwrites any of its bits.
    static func make(at moment: Date, tail: [UInt8]) -> UUID {
        let millis = UInt64(bitPattern: Int64((moment.timeIntervalSince1970 * 1000).rounded()))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (40 - 8 * UInt64(index))) }
        bytes[6] = 0x80
        for (offset, byte) in tail.prefix(8).enumerated() { bytes[8 + offset] = byte }
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }

    /// The moment and the 8 tail bytes of a UUID `make` built, or nil when its version nibble says it is another kind.
    static func parts(of uuid: UUID) -> (moment: Date, tail: [UInt8])? {
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        guard bytes[6] == 0x80, bytes[7] == 0 else { return nil }
        let millis = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // The 48 bits are a signed count: a moment before 1970 has its top bit set.
        let signed = Int64(bitPattern: millis << 16) >> 16
        return (Date(timeIntervalSince1970: Double(signed) / 1000), Array(bytes[8..<16]))
    }
}
