import Foundation
import Testing
@testable import LockOutAgent

@Suite("Platform commands")
struct PlatformCommandTests {
    @Test("executables are found on the given PATH only")
    func find() {
        #expect(PlatformCommand.find("sh", environment: ["PATH": "/nonexistent:/bin"])?.path == "/bin/sh")
        #expect(PlatformCommand.find("sh", environment: ["PATH": "/nonexistent"]) == nil)
    }
}
