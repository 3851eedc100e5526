import Foundation
import Testing
@testable import LockOutCore

@Suite("QR codes for pairing")
struct QRCodeTests {
    /// Matrices written by libqrencode (Debian's qrencode) for the same text, level and mask:
    /// Tests/Fixtures/qr/*.txt, each with its text, level and mask in `#` lines, then rows of 0 and 1.
    static let fixtures = ["hello-l", "hello-m", "hello-q", "hello-h", "pairing", "version-info", "large", "utf8"]

    static func fixture(_ name: String) throws -> (text: String, level: QRErrorCorrection, mask: Int, rows: [String]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/qr/\(name).txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func field(_ key: String) throws -> String {
            try #require(lines.first { $0.hasPrefix("# \(key): ") }).dropFirst("# \(key): ".count).description
        }
        let levels: [String: QRErrorCorrection] = ["L": .low, "M": .medium, "Q": .quartile, "H": .high]
        return (try field("text"), try #require(levels[try field("level")]), try #require(Int(try field("mask"))),
                lines.filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }

    @Test("every module matches libqrencode's code of the same text, level and mask", arguments: fixtures)
    func matchesReference(_ name: String) throws {
        let fixture = try Self.fixture(name)
        let code = try QRCode(encoding: fixture.text, correction: fixture.level, mask: fixture.mask)
        #expect(code.size == fixture.rows.count)
        #expect(code.version == (fixture.rows.count - 17) / 4)
        #expect(code.rows.map { $0.map { $0 ? "1" : "0" }.joined() } == fixture.rows)
    }

    @Test("the version is the smallest that holds the text; the chosen mask has the lowest penalty")
    func versionAndMask() throws {
        #expect(try QRCode(encoding: "hello").version == 1)
        #expect(try QRCode(encoding: String(repeating: "x", count: 14), correction: .medium).version == 1)
        #expect(try QRCode(encoding: String(repeating: "x", count: 15), correction: .medium).version == 2)
        let code = try QRCode(encoding: "lockout-pair:0123456789")
        let penalties = (0...7).map { mask in
            var matrix = QRMatrix(version: code.version)
            matrix.drawFunctionPatterns()
            matrix.drawCodewords(QRCode.codewords(Array("lockout-pair:0123456789".utf8), version: code.version, correction: .medium))
            return matrix.masked(mask, correction: .medium).penalty()
        }
        #expect(penalties[code.mask] == penalties.min())
    }

    @Test("Reed–Solomon gives the standard's example: version 1-M, \"01234567\"")
    func reedSolomon() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon.remainder(data, divisor: ReedSolomon.divisor(degree: 10)) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("format and version information are the standard's BCH codes")
    func bchCodes() {
        #expect(QRMatrix.formatBits(correction: .medium, mask: 0) == 0b101_0100_0001_0010)
        #expect(QRMatrix.formatBits(correction: .low, mask: 0) == 0b111_0111_1100_0100)
        #expect(QRMatrix.versionBits(7) == 0b00_0111_1100_1001_0100)
        #expect(QRMatrix.versionBits(40) == 0b10_1000_1100_0110_1001)
    }

    @Test("2,953 bytes fit at level L (version 40); one more is refused with the limit")
    func capacity() throws {
        #expect(try QRCode(encoding: String(repeating: "a", count: 2953), correction: .low).version == 40)
        #expect(throws: QRCodeError.tooLong(bytes: 2954, maximum: 2953)) {
            try QRCode(encoding: String(repeating: "a", count: 2954), correction: .low)
        }
        #expect(throws: QRCodeError.invalidMask(8)) { try QRCode(encoding: "x", mask: 8) }
    }

    @Test("the terminal text draws two rows a line: light modules and the quiet zone as blocks, or dark ones inverted")
    func terminalText() throws {
        let code = try QRCode(encoding: "hello")
        for inverted in [false, true] {
            let lines = code.terminalText(quietZone: 2, inverted: inverted).split(separator: "\n").map(Array.init)
            let span = code.size + 4
            #expect(lines.count == (span + 1) / 2)
            for (index, line) in lines.enumerated() {
                #expect(line.count == span)
                for (x, glyph) in line.enumerated() {
                    func drawn(_ y: Int) -> Bool {
                        guard y < span else { return false }
                        let dark = (2..<(code.size + 2)).contains(x) && (2..<(code.size + 2)).contains(y) && code[x - 2, y - 2]
                        return inverted ? dark : !dark
                    }
                    let expected: Character = drawn(2 * index) ? (drawn(2 * index + 1) ? "█" : "▀") : (drawn(2 * index + 1) ? "▄" : " ")
                    #expect(glyph == expected)
                }
            }
        }
    }

    @Test("the SVG has a white ground, one square per dark module and the label")
    func svg() throws {
        let code = try QRCode(encoding: "hello")
        let svg = code.svg(moduleSize: 3, quietZone: 4, label: "Pairing code \"A&B\"")
        let dark = code.rows.joined().filter { $0 }.count
        #expect(svg.components(separatedBy: "h3v3h-3z").count - 1 == dark)
        #expect(svg.contains(#"aria-label="Pairing code &quot;A&amp;B&quot;""#))
        #expect(svg.contains(#"viewBox="0 0 87 87""#))
    }
}
