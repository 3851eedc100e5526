/// Decides whether a process is one of the blocked programs, by name.
///
/// A process matches when one of these equals a blocked name:
/// - its `comm`: the name of the file it executed, cut by the kernel to 15 bytes. For a script this is the
///   script's name (`steam`), not the interpreter's. Names longer than 15 bytes are not matched this way,
///   since a cut name could be another program's;
/// - the file name of its executable (`/proc/PID/exe`);
/// - the file name of its `argv[0]`.
///
/// So `python3 game.py` is matched only when the target is `python3`; a script started through its `#!`
/// line is matched by its own name.
struct ShieldMatcher: Sendable {
    /// The kernel's `TASK_COMM_LEN` less its terminating NUL.
    static let commLength = 15

    private let byName: [String: ShieldTarget]

    /// Blocks each target's executable, and the program its desktop file launches as `resolvedNames` says;
    /// never a name in `excluding` (the protected ones).
    init(targets: [ShieldTarget], resolvedNames: [ShieldTarget: String] = [:], excluding: Set<String> = []) {
        var byName: [String: ShieldTarget] = [:]
        for target in targets {
            for name in [target.executable, resolvedNames[target]].compactMap({ $0 }) where !name.isEmpty && !excluding.contains(name) {
                if byName[name] == nil { byName[name] = target }
            }
        }
        self.byName = byName
    }

    /// True when nothing is blocked.
    var isEmpty: Bool { byName.isEmpty }

    /// The names blocked, sorted.
    var names: [String] { byName.keys.sorted() }

    /// The target and the name matched by a process's `comm`.
    func match(comm: String) -> (name: String, target: ShieldTarget)? {
        guard comm.utf8.count <= Self.commLength, let target = byName[comm] else { return nil }
        return (comm, target)
    }

    /// The target and the name matched by a file name (of the executable or of `argv[0]`).
    func match(fileName: String?) -> (name: String, target: ShieldTarget)? {
        guard let fileName, let target = byName[fileName] else { return nil }
        return (fileName, target)
    }
}
