import Foundation
import Testing
@testable import LockOutAgent

@Suite("Platform commands")
struct PlatformCommandTests {
    @Test("a child starts with no signal blocked, even when started from a Swift concurrency thread")
    func signalMask() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-sigmask-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let statuses = Inbox<Int32?>()

        PlatformCommand.start(
            URL(fileURLWithPath: "/bin/cp"), ["/proc/self/status", file.path],  // not a shell: shells reset the mask
            environment: [:], timeout: 5
        ) { statuses.put($0) }

        #expect(await statuses.next(within: 10) == .some(0))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("SigBlk:\t0000000000000000\n"))
    }

    @Test("a command that outlives its timeout is reported as nil and terminated")
    func timeout() async throws {
        let marker = "29.\(Int.random(in: 100_000...999_999))"  // a sleep length no other process uses
        let statuses = Inbox<Int32?>()

        PlatformCommand.start(URL(fileURLWithPath: "/bin/sleep"), [marker], environment: [:], timeout: 0.2) { statuses.put($0) }

        #expect(await statuses.next(within: 10) == .some(nil))
        #expect(try await eventually { ProcessTable.processes(withArgument: marker).isEmpty ? true : nil } == true)
    }

    @Test("a command that finishes in time reports its exit status")
    func exitStatus() async {
        let statuses = Inbox<Int32?>()

        PlatformCommand.start(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"], environment: [:], timeout: 5) { statuses.put($0) }

        #expect(await statuses.next(within: 10) == .some(3))
    }

    @Test("executables are found on the given PATH only")
    func find() {
        #expect(PlatformCommand.find("sh", environment: ["PATH": "/nonexistent:/bin"])?.path == "/bin/sh")
        #expect(PlatformCommand.find("sh", environment: ["PATH": "/nonexistent"]) == nil)
    }
}
