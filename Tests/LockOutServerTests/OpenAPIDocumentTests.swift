import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// The OpenAPI document and the server agree on what they take.
@Suite("Family server: the OpenAPI document")
struct OpenAPIDocumentTests {
    @Test("the document's name pattern takes exactly the names the server takes")
    func namePattern() throws {
        let pattern = DeviceNameCharacters.pattern
        #expect(OpenAPIDocument.yaml.contains(pattern.replacingOccurrences(of: "\\", with: "\\\\")))
        let expression = try NSRegularExpression(pattern: pattern)
        let names = [
            "Anna's laptop", "  Ben  ", "", "   ", "a\u{7}b", "a\u{200B}b", "a\u{202E}b", "a\u{2028}b", "\u{A0}x\u{3000}", "x\u{AD}",
            "👩‍💻 Anna", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", RequestRulesTests.accented, RequestRulesTests.flags, String(repeating: "x", count: 64), String(repeating: "x", count: 65),
            " " + String(repeating: "x", count: 64) + "\t", "x\u{E0001}", "\u{110BD}", "ß\u{1D173}",
        ]
        for name in names {
            let matches = expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
            #expect(matches == ((try? DeviceIdentity.validName(name)) != nil), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
