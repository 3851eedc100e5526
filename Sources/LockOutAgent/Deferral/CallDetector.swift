#if os(Linux)
import Foundation
import Glibc

/// Whether a call is in progress: a camera held open by one of this user's processes, or a microphone being
/// recorded. Looked at when a break is about to fall due and once a minute while a deferral holds, never
/// on a timer of its own.
public struct CallDetector: Sendable {
    /// Device paths whose open file means a camera in use (`/dev/video0`, …).
    public let cameraPrefixes: [String]
    /// Where processes are listed.
    public let procRoot: String
    /// The programs recording from a source now (PipeWire or PulseAudio source outputs), nil when unknown.
    public let recordingPrograms: @Sendable () -> [String]?

    public init(
        cameraPrefixes: [String] = ["/dev/video"],
        procRoot: String = "/proc",
        recordingPrograms: @escaping @Sendable () -> [String]? = { CallDetector.pulseSourceOutputs() }
    ) {
        self.cameraPrefixes = cameraPrefixes
        self.procRoot = procRoot
        self.recordingPrograms = recordingPrograms
    }

    /// The programs using a camera or a microphone now, other than those `allowList` names.
    public func programsInCall(allowList: [String]) -> [String] {
        let allowed = Set(allowList)
        let users = cameraUsers() + (recordingPrograms() ?? [])
        return Array(Set(users.filter { !allowed.contains($0) })).sorted()
    }

    /// The `comm` of each of this user's processes holding a camera device open.
    public func cameraUsers() -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: procRoot) else { return [] }
        let uid = getuid()
        var users: [String] = []
        for entry in entries where entry.allSatisfy(\.isNumber) {
            let process = procRoot + "/" + entry
            var info = stat()
            guard stat(process, &info) == 0, info.st_uid == uid else { continue }
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: process + "/fd") else { continue }
            let holds = descriptors.contains { descriptor in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: process + "/fd/" + descriptor) else { return false }
                return cameraPrefixes.contains { target.hasPrefix($0) }
            }
            guard holds else { continue }
            let comm = (try? String(contentsOfFile: process + "/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            users.append(comm ?? entry)
        }
        return users
    }

    /// The programs recording through PipeWire or PulseAudio, from `pactl list source-outputs`; nil when
    /// `pactl` is missing or no sound server answers.
    public static func pulseSourceOutputs(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String]? {
        guard let pactl = PlatformCommand.find("pactl", environment: environment) else { return nil }
        let output = Pipe()
        guard let child = try? ChildProcess(pactl, ["list", "source-outputs"], stdout: .pipe(output), stderr: .null) else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard child.waitUntilExit() == .exit(0) else { return nil }
        return parseSourceOutputs(String(decoding: data, as: UTF8.self))
    }

    /// Each source output's `application.process.binary` (else `application.name`) in `pactl list source-outputs`.
    /// An output recording a monitor (what the speakers play) is not a microphone and is left out.
    public static func parseSourceOutputs(_ text: String) -> [String] {
        var programs: [String] = []
        for block in text.components(separatedBy: "Source Output #").dropFirst() {
            var binary: String?
            var name: String?
            var monitor = false
            for line in block.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("application.process.binary = ") { binary = quoted(trimmed) }
                if trimmed.hasPrefix("application.name = ") { name = quoted(trimmed) }
                if trimmed.hasPrefix("Source: "), trimmed.hasSuffix(".monitor") { monitor = true }
            }
            if !monitor, let program = binary ?? name { programs.append(program) }
        }
        return programs
    }

    private static func quoted(_ line: String) -> String? {
        guard let start = line.firstIndex(of: "\""), let end = line.lastIndex(of: "\""), start < end else { return nil }
        return String(line[line.index(after: start)..<end])
    }
}
#endif
