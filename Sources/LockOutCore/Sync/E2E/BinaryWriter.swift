import Foundation

/// Fixed-order binary for what is signed or bound: texts and byte strings are a 4-byte big-endian length and
/// their bytes, ids their 16 bytes, numbers big-endian, an absent value one 0 byte.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func text(_ text: String) { data(Array(text.utf8)) }

    mutating func data(_ data: [UInt8]) {
        number(UInt64(data.count), bytes: 4)
        bytes += data
    }

    mutating func optionalText(_ text: String?) {
        if let text {
            bytes.append(1)
            self.text(text)
        } else {
            bytes.append(0)
        }
    }

    mutating func optionalUUID(_ uuid: UUID?) {
        if let uuid {
            bytes.append(1)
            self.uuid(uuid)
        } else {
            bytes.append(0)
        }
    }

    mutating func uuid(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes += $0 }
    }

    mutating func number(_ value: UInt64, bytes count: Int) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
