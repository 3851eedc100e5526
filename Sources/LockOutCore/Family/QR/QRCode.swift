import Foundation

/// How much of a QR code may be damaged and still read: about 7, 15, 25 or 30 % of its codewords.
public enum QRErrorCorrection: Sendable, CaseIterable {
    case low, medium, quartile, high

    /// The two bits the format information carries for the level.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }
}

/// Why a text could not become a QR code.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    case tooLong(bytes: Int, maximum: Int)
    case invalidMask(Int)

    public var description: String {
        switch self {
        case .tooLong(let bytes, let maximum): "\(bytes) bytes do not fit in a QR code at this correction level (at most \(maximum))"
        case .invalidMask(let mask): "mask \(mask) is not 0…7"
        }
    }
}

/// A QR code (ISO/IEC 18004, model 2) of a text in byte mode: the smallest version that holds it, and
/// the mask with the lowest penalty unless one is given. Dark modules are `true`.
public struct QRCode: Hashable, Sendable {
    /// 1…40.
    public let version: Int
    /// Modules on a side: 17 + 4 × version.
    public let size: Int
    public let correction: QRErrorCorrection
    /// The mask applied, 0…7.
    public let mask: Int
    /// The modules, row by row from the top.
    public let rows: [[Bool]]

    /// The code of `text` (its UTF-8 bytes) at `correction`, with the best mask, or with `mask` when given.
    public init(encoding text: String, correction: QRErrorCorrection = .medium, mask: Int? = nil) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard let version = (1...40).first(where: { Self.capacity(version: $0, correction: correction) >= bytes.count }) else {
            throw .tooLong(bytes: bytes.count, maximum: Self.capacity(version: 40, correction: correction))
        }
        if let mask, !(0...7).contains(mask) { throw .invalidMask(mask) }
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.drawCodewords(Self.codewords(bytes, version: version, correction: correction))
        let chosen = mask ?? (0...7).min { a, b in
            matrix.masked(a, correction: correction).penalty() < matrix.masked(b, correction: correction).penalty()
        } ?? 0
        let final = matrix.masked(chosen, correction: correction)
        self.version = version
        self.size = final.size
        self.correction = correction
        self.mask = chosen
        rows = final.modules
    }

    /// Whether the module at column `x`, row `y` is dark.
    public subscript(x: Int, y: Int) -> Bool { rows[y][x] }

    /// The most bytes `version` holds at `correction` in byte mode.
    static func capacity(version: Int, correction: QRErrorCorrection) -> Int {
        let countBits = version <= 9 ? 8 : 16
        return (QRTables.dataCodewords(version: version, correction: correction) * 8 - 4 - countBits) / 8
    }

    /// The data codewords (mode, count, bytes, terminator, padding), then error correction, interleaved.
    static func codewords(_ bytes: [UInt8], version: Int, correction: QRErrorCorrection) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version <= 9 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = QRTables.dataCodewords(version: version, correction: correction) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count * 8 < capacity {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return interleave(data, version: version, correction: correction)
    }

    /// Splits `data` into the version's blocks, adds each block's error correction, and interleaves them.
    static func interleave(_ data: [UInt8], version: Int, correction: QRErrorCorrection) -> [UInt8] {
        let blockCount = QRTables.errorCorrectionBlocks[correction]?[version] ?? 1
        let eccLength = QRTables.eccCodewordsPerBlock[correction]?[version] ?? 0
        let raw = QRTables.rawDataModules(version: version) / 8
        let shortBlocks = blockCount - raw % blockCount
        let shortLength = raw / blockCount
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var blocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<(offset + length)])
            offset += length
            let ecc = ReedSolomon.remainder(block, divisor: divisor)
            if index < shortBlocks { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        for column in blocks[0].indices {
            for (index, block) in blocks.enumerated() where column != shortLength - eccLength || index >= shortBlocks {
                result.append(block[column])
            }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
        }
    }
}
