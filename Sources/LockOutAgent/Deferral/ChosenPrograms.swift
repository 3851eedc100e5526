#if os(Linux)
import Glibc
import LockOutCore

/// Which of the chosen programs hold breaks back: those chosen for `running` that one of this user's processes
/// runs, those chosen for `focused` whose window has focus. `/proc` is read when asked — when a break is about to
/// fall due and once a minute while a deferral holds, as for a call — never on a timer of its own.
///
/// A process runs a program named `name` when its `comm` is `name`, or when its executable's file name is (a
/// `comm` cut at the kernel's 15 bytes, a program started under another `argv[0]`).
public struct ChosenPrograms: Sendable {
    /// The real user whose processes count.
    let uid: UInt32
    /// The focused window's program, as the desktop's watch knows it; nil where the desktop cannot tell focus.
    let focused: (@Sendable () -> String?)?

    /// Programs of this process's user; `focused` as above.
    public init(focused: (@Sendable () -> String?)?) {
        self.init(uid: getuid(), focused: focused)
    }

    init(uid: UInt32, focused: (@Sendable () -> String?)?) {
        self.uid = uid
        self.focused = focused
    }

    /// Whether the desktop tells which program has focus: where it cannot, a program chosen for `focused` never holds.
    public var tellsFocus: Bool { focused != nil }

    /// The programs among `chosen` that hold breaks now.
    public func holding(_ chosen: [DeferredProgram]) -> [DeferredProgram] {
        guard !chosen.isEmpty else { return [] }
        var holding: [DeferredProgram] = []
        let whenFocused = chosen.filter { $0.when == .focused }
        if !whenFocused.isEmpty, let focused, let program = focused() {
            holding += whenFocused.filter { $0.name == program }
        }
        let whenRunning = chosen.filter { $0.when == .running }
        if !whenRunning.isEmpty {
            let found = running(Set(whenRunning.map(\.name)))
            holding += whenRunning.filter { found.contains($0.name) }
        }
        return holding
    }

    /// The names among `names` that some process of this user runs now.
    public func running(_ names: Set<String>) -> Set<String> {
        var reader = ProcReader()
        var pids: [Int32] = []
        reader.forEachProcess { pids.append($0) }
        var found: Set<String> = []
        for pid in pids where found.count < names.count {
            guard let stat = reader.stat(pid), !stat.isKernelThread, !stat.hasExited, reader.realUID(pid) == uid else { continue }
            if names.contains(stat.comm) {
                found.insert(stat.comm)
            } else if let executable = reader.executablePath(pid).flatMap(ProcFile.executableName), names.contains(executable) {
                found.insert(executable)
            }
        }
        return found
    }
}
#endif
