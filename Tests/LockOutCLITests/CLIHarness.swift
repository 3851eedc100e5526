import Foundation
import Testing

/// Runs the built `lockout` executable as a person would, in a temporary data directory.
struct CLIHarness {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        }
    }

    let directory: URL
    var environment: [String: String]

    init(now: String? = "2026-11-23T08:00:00Z") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "Europe/Berlin"
        environment.removeValue(forKey: "LOCKOUT_CLOCK_SCALE")
        if let now { environment["LOCKOUT_NOW"] = now } else { environment.removeValue(forKey: "LOCKOUT_NOW") }
        self.environment = environment
    }

    static var executable: URL {
        get throws {
            let candidates = [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                Bundle.main.bundleURL,
                Bundle.main.bundleURL.deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("lockout") }
            return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        }
    }

    /// `lockout --data-dir DIR ARGS…` with the clock at `now` (ISO-8601) when given.
    func run(_ arguments: String..., now: String? = nil, dataDirFirst: Bool = true) throws -> Output {
        try run(arguments, now: now, dataDirFirst: dataDirFirst)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
