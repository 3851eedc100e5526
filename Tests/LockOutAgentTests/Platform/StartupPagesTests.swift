import Foundation
import Testing
@testable import LockOutAgent

@Suite("Start-up pages")
struct StartupPagesTests {
    @Test("smaps is read into ranges, permissions, files and private copies")
    func parse() {
        let smaps = """
        5600-5800 r-xp 00000000 fd:01 42 /usr/bin/lockout
        Size:                  8 kB
        Anonymous:             0 kB
        5900-5a00 r--p 00100000 fd:01 42 /usr/bin/lockout
        Anonymous:             4 kB
        7f00-7f10 rw-p 00000000 00:00 0
        Anonymous:            16 kB
        """

        let mappings = StartupPages.Mapping.all(in: smaps)

        #expect(mappings.map(\.start) == [0x5600, 0x5900, 0x7F00])
        #expect(mappings.map(\.path) == ["/usr/bin/lockout", "/usr/bin/lockout", ""])
        #expect(mappings.map(\.anonymousKiB) == [0, 4, 16])
        #expect(mappings.map(\.isReadOnly) == [true, true, false])
    }

    @Test("releasing drops resident code of this very process, which keeps running")
    func release() throws {
        let before = try residentKiB()

        let advised = StartupPages.release()

        #expect(advised > 0)
        #expect(try residentKiB() < before)
        #expect(String(describing: [1, 2, 3].map { $0 * 2 }) == "[2, 4, 6]")  // code runs again, paged back in
    }

    private func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}
