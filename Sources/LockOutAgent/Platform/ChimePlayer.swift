#if os(Linux)
import Foundation
import Logging
import LockOutCore
import Synchronization

/// Plays LockOut's chimes through PipeWire or PulseAudio: `pw-play`, else `paplay`, whichever is installed.
/// The chimes are written from the binary into `directory` once; each is played by a child process that is
/// not waited for. Without a player, or when one fails, the agent says so once and stays silent.
public final class ChimePlayer: ChimePlaying {
    private let player: URL?
    private let directory: URL
    private let logger: Logger
    private let warned = Mutex(false)

    /// A player of the chimes kept in `directory` (written there when missing).
    public init(directory: URL, environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger = Logger(label: "lockout.sound")) {
        player = PlatformCommand.find("pw-play", environment: environment) ?? PlatformCommand.find("paplay", environment: environment)
        self.directory = directory
        self.logger = logger
        if player == nil { logger.info("sound: neither pw-play nor paplay is installed; breaks do not chime") }
    }

    /// The program that plays, nil when none is installed.
    public var program: String? { player?.lastPathComponent }

    public func play(_ chime: Chime) {
        guard let player else { return }
        do {
            let file = try self.file(for: chime)
            _ = try ChildProcess(player, [file.path], stdin: .null, stdout: .null, stderr: .null) { [weak self] end in
                if end != .exit(0) { self?.warnOnce("\(player.lastPathComponent) ended with \(end): is a sound server running?") }
            }
        } catch {
            warnOnce("could not play the \(chime.rawValue) chime: \(error)")
        }
    }

    /// The chime's WAV file, written from the binary when it is not there yet.
    func file(for chime: Chime) throws -> URL {
        let file = directory.appendingPathComponent("lockout-\(chime.rawValue).wav")
        if !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoded = chime == .breakStart ? ChimeSounds.breakStart : ChimeSounds.breakEnd
            guard let data = Data(base64Encoded: encoded) else { throw CocoaError(.fileReadCorruptFile) }
            try data.write(to: file, options: .atomic)
        }
        return file
    }

    private func warnOnce(_ message: String) {
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        if first { logger.notice("sound: \(message)") }
    }
}
#endif
