#if os(Linux)
import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests {
    @Suite("Process activity sensor")
    struct ProcessActivitySensorTests {
        @Test("lists this user's running programs, this test's own among them, and no focus")
        func runningPrograms() throws {
            let program = try FakeProgram(copying: "/bin/sleep", prefix: "usage")
            let running = try program.start(["600"])
            defer { running.kill() }
            let sensor = ProcessActivitySensor()

            let reading = sensor.read()

            let own = try #require(ProcFile.executableName(exeLink: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
            let programs = try #require(reading.runningPrograms)
            #expect(programs.contains(own))
            #expect(programs.contains(program.name))
            #expect(reading.focusedProgram == nil)
            #expect(reading.programsInUse == programs)
            #expect(sensor.focusMethod == .processes)
            #expect(sensor.idleMethod == .none)
        }

        @Test("a program that has ended is no longer listed")
        func endedProgram() throws {
            let program = try FakeProgram(copying: "/bin/sleep", prefix: "ended")
            let running = try program.start(["600"])
            let sensor = ProcessActivitySensor()
            #expect(sensor.read().runningPrograms?.contains(program.name) == true)

            running.kill()
            running.process.waitUntilExit()

            #expect(sensor.read().runningPrograms?.contains(program.name) == false)
        }

        @Test("another user's programs are not this user's")
        func otherUser() throws {
            let sensor = ProcessActivitySensor(idle: nil, uid: UInt32.max - 7)
            #expect(sensor.read().runningPrograms == [])
        }

        @Test("start never calls back")
        func neverTold() async {
            let sensor = ProcessActivitySensor()
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }
            #expect(await changes.next(within: 0.3) == nil)
            sensor.stop()
        }

        @Test("a name the kernel may have cut is made whole from the executable or argv[0] it begins")
        func cutNames() {
            #expect(ProgramNames.name(comm: "short", executable: { "other" }, argumentZero: { nil }) == "short")
            #expect(ProgramNames.name(comm: "LockOutPackageT", executable: { "LockOutPackageTests.xctest" }, argumentZero: { nil }) == "LockOutPackageTests.xctest")
            #expect(ProgramNames.name(comm: "steam-runtime-l", executable: { "python3" }, argumentZero: { "steam-runtime-launcher" }) == "steam-runtime-launcher")
            #expect(ProgramNames.name(comm: "exactlyfifteen1", executable: { "python3" }, argumentZero: { nil }) == "exactlyfifteen1")
        }
    }
}
#endif
