import Foundation
import Testing
@testable import LockOutAgent

@Suite("Platform commands")
struct PlatformCommandTests {
    @Test("a child starts with no signal blocked, even when started from a Swift concurrency thread")
    func signalMask() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-sigmask-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")  // not a shell: shells reset the mask
        process.arguments = ["/proc/self/status", file.path]

        try PlatformCommand.launch(process)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("SigBlk:\t0000000000000000\n"))
    }

    @Test("executables are found on the given PATH only")
    func find() {
        #expect(PlatformCommand.find("sh", environment: ["PATH": "/nonexistent:/bin"])?.path == "/bin/sh")
        #expect(PlatformCommand.find("sh", environment: ["PATH": "/nonexistent"]) == nil)
    }
}
