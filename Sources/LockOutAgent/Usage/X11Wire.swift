/// Builds X11 requests in the little-endian byte order the connection announces (`l`), padded to
/// four bytes as the protocol asks.
struct X11RequestWriter {
    private(set) var bytes: [UInt8] = []

    mutating func card8(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func card16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func card32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    /// `data`, then zero bytes up to the next multiple of four.
    mutating func padded(_ data: [UInt8]) {
        bytes += data
        bytes += [UInt8](repeating: 0, count: X11Wire.padding(data.count))
    }

    /// A request: opcode, one data byte, the length in four-byte units (header included), then `body`.
    static func request(opcode: UInt8, data: UInt8 = 0, body: (inout X11RequestWriter) -> Void) -> [UInt8] {
        var content = X11RequestWriter()
        body(&content)
        var request = X11RequestWriter()
        request.card8(opcode)
        request.card8(data)
        request.card16(UInt16(truncatingIfNeeded: (4 + content.bytes.count + X11Wire.padding(content.bytes.count)) / 4))
        request.padded(content.bytes)
        return request.bytes
    }
}

/// Reading little-endian numbers out of X11 replies, never past their end.
enum X11Wire {
    /// How many zero bytes bring `count` to a multiple of four.
    static func padding(_ count: Int) -> Int {
        (4 - count % 4) % 4
    }

    static func card16(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt16? {
        let start = bytes.startIndex + offset
        guard offset >= 0, start + 2 <= bytes.endIndex else { return nil }
        return UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8
    }

    static func card32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32? {
        let start = bytes.startIndex + offset
        guard offset >= 0, start + 4 <= bytes.endIndex else { return nil }
        return (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(bytes[start + index]) << UInt32(8 * index) }
    }

    static func card8(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt8? {
        let start = bytes.startIndex + offset
        guard offset >= 0, start < bytes.endIndex else { return nil }
        return bytes[start]
    }
}
