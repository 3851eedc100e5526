import Foundation

/// Finds the programs the agent leans on now and then (`unzip` for a Health export); `ChildProcess` starts them.
enum PlatformCommand {
    /// The first executable named `name` on `environment["PATH"]`.
    static func find(_ name: String, environment: [String: String]) -> URL? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
