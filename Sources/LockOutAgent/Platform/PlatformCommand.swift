import Foundation

/// Finds and starts the programs the agent leans on now and then (`unzip` for a Health export).
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

extension PlatformCommand {
    /// Starts `process` with no signal blocked in it.
    ///
    /// Foundation's `Process` on Linux passes the calling thread's signal mask on to the child
    /// (swift-corelibs-foundation#4772), and dispatch and Swift concurrency threads block nearly every signal,
    /// so a child started from them would never see SIGTERM or SIGINT. The mask is cleared on this thread
    /// for the moment of the spawn only.
    static func launch(_ process: Process) throws {
        #if os(Linux)
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        #endif
        try process.run()
    }
}
