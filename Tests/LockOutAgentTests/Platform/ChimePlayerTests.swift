#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

@Suite("Chime player")
struct ChimePlayerTests {
    @Test("plays the chime's WAV, written from the binary, with pw-play; says nothing is installed without a player")
    func playsWithPwPlay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-chime-\(UUID().uuidString)")
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let played = directory.appendingPathComponent("played")
        let fake = bin.appendingPathComponent("pw-play")
        try "#!/bin/sh\necho \"$1\" > '\(played.path)'\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)

        let player = ChimePlayer(directory: directory.appendingPathComponent("sounds"), environment: ["PATH": bin.path])
        #expect(player.program == "pw-play")
        player.play(.breakStart)
        // The fake's shell creates the file before it writes the line: an empty file is not the answer yet.
        let path = try #require(try await eventually {
            (try? String(contentsOf: played, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
        })
        #expect(path.hasSuffix("sounds/lockout-break-start.wav"))
        let wav = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(wav.prefix(4) == Data("RIFF".utf8))
        #expect(wav.count > 1000)

        #expect(ChimePlayer(directory: directory, environment: ["PATH": directory.appendingPathComponent("none").path]).program == nil)
    }
}
private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
#endif
