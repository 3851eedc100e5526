import Foundation
import LockOutAgent
import Testing

@Suite("Call detection: a camera held open, a microphone recorded")
struct CallDetectorTests {
    @Test("a process holding the camera device the detector is pointed at is in a call, unless allowed")
    func cameraHeld() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-camera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let camera = directory.appendingPathComponent("video0")
        #expect(FileManager.default.createFile(atPath: camera.path, contents: Data()))
        let detector = CallDetector(cameraPrefixes: [directory.appendingPathComponent("video").path], recordingPrograms: { nil })
        #expect(detector.programsInCall(allowList: []).isEmpty)

        // A program that holds the device open from its start (as its standard input) and waits: as a video call
        // holds /dev/video0. The spawn returns once the program runs, so no shell stands in its place meanwhile.
        let device = try #require(FileHandle(forReadingAtPath: camera.path))
        let holder = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["30"], stdin: .file(device), stdout: .null, stderr: .null)
        defer { holder.kill(signal: SIGKILL) }
        try device.close()  // the program holds its own copy; this process holds none
        #expect(detector.cameraUsers() == ["sleep"])
        #expect(detector.programsInCall(allowList: []) == ["sleep"])
        #expect(detector.programsInCall(allowList: ["sleep"]).isEmpty)
    }

    @Test("source outputs name the programs recording; a monitor is not a microphone")
    func sourceOutputs() {
        let text = """
            Source Output #41
            \tDriver: PipeWire
            \tSource: 57
            \tProperties:
            \t\tapplication.name = "Firefox"
            \t\tapplication.process.binary = "firefox-esr"
            Source Output #42
            \tSource: alsa_output.pci-0000_00_1f.3.analog-stereo.monitor
            \tProperties:
            \t\tapplication.process.binary = "cava"
            Source Output #43
            \tSource: 57
            \tProperties:
            \t\tapplication.name = "Jitsi"
            """
        #expect(CallDetector.parseSourceOutputs(text) == ["firefox-esr", "Jitsi"])
        let detector = CallDetector(procRoot: "/nonexistent", recordingPrograms: { CallDetector.parseSourceOutputs(text) })
        #expect(detector.programsInCall(allowList: ["Jitsi"]) == ["firefox-esr"])
    }
}
