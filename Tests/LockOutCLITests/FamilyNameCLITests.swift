import Foundation
import Testing

/// A device's name is checked by the one rule the server applies too: a clear line, never a database error.
@Suite("lockout family setup: the device's name")
struct FamilyNameCLITests {
    @Test("a name of 64 characters but 128 code points is refused with one line naming the limit; the device keeps its name")
    func longName() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("family", "setup", "child", "--name", "Anna's laptop").status == 0)
        let refused = try cli.run("family", "setup", "child", "--name", String(repeating: "e\u{301}", count: 64))
        #expect(refused.status != 0)
        #expect(refused.stderr.hasPrefix("lockout: a device name must be 1…64 characters"), "\(refused.stderr)")
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1, "\(refused.stderr)")
        #expect(try cli.run("family", "status").stdout.contains("Anna's laptop"))
    }
}
