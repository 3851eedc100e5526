#if os(Linux)
import Foundation
import Glibc

/// The `posix_spawn` call behind `ChildProcess`: its file actions and attributes.
enum Spawn {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    // glibc's own extensions (2.34 and 2.29), looked up at run time because Swift's Glibc module
    // doesn't declare them.
    static let closeFrom: CloseFrom? = lookUp("posix_spawn_file_actions_addclosefrom_np")
    static let changeDirectory: ChangeDirectory? = lookUp("posix_spawn_file_actions_addchdir_np")

    /// The signals a child starts with at their default action, whatever this process does with them.
    static let defaultSignals = [SIGTERM, SIGINT, SIGPIPE, SIGHUP]

    /// Starts the child and answers its pid. `streams` go to its descriptors 0, 1 and 2, every other
    /// descriptor is closed in it: with `closeFrom`, else each one `/proc/self/fd` lists.
    static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]?, directory: URL?, streams: [ChildProcess.Stream],
        newProcessGroup: Bool, closeFrom: CloseFrom?
    ) throws(ChildProcessError) -> pid_t {
        let path = executable.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        func check(_ result: Int32) throws(ChildProcessError) {
            if result != 0 { throw .couldNotStart(executable: path, errno: result) }
        }

        for (target, stream) in streams.enumerated() {
            let target = Int32(target)
            if case .null = stream {
                try check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0))
            } else if let source = stream.childEnd(target: target) {
                try check(posix_spawn_file_actions_adddup2(&actions, source, target))
            }
        }
        if let directory {
            guard let changeDirectory else { throw .directoryUnsupported(executable: path) }
            try check(changeDirectory(&actions, directory.path))
        }
        if let closeFrom {
            try check(closeFrom(&actions, 3))
        } else {
            // A descriptor opened after this listing may reach the child; closing one that is gone by then is no error.
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
                try check(posix_spawn_file_actions_addclose(&actions, descriptor))
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals))
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        try check(posix_spawnattr_setsigdefault(&attributes, &defaults))
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            try check(posix_spawnattr_setpgroup(&attributes, 0))
        }
        try check(posix_spawnattr_setflags(&attributes, Int16(flags)))

        let argv = cStrings([path] + arguments)
        let envp = environment.map { cStrings($0.map { "\($0.key)=\($0.value)" }) }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var pid = pid_t()
        let result = if let envp {
            posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        } else {
            posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        try check(result)
        return pid
    }

    /// `strings` as a null-terminated array of C strings, each to be freed.
    private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }

    private static func lookUp<Function>(_ name: String) -> Function? {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }
}
#endif
