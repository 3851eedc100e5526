#if os(Linux)
import Glibc

/// The name a process counts under for usage: the same names the shield matches, so a program measured
/// as `steam` is the one blocked as `steam`.
///
/// That is its `comm` (a script's own name, not its interpreter's), except when `comm` fills the kernel's
/// 15 bytes and may be cut: then the executable's or `argv[0]`'s file name that it begins, when one does.
enum ProgramNames {
    /// The program name of `pid`, or nil when the process is gone or is a kernel thread.
    static func name(of pid: Int32, reader: inout ProcReader) -> String? {
        guard pid > 0, let stat = reader.stat(pid), !stat.isKernelThread, !stat.comm.isEmpty else { return nil }
        return name(comm: stat.comm, executable: { reader.executablePath(pid).flatMap(ProcFile.executableName) },
                    argumentZero: { reader.argumentZeroName(pid) })
    }

    /// The name from a `comm` and, when it may be cut, the file names it could be the start of.
    static func name(comm: String, executable: () -> String?, argumentZero: () -> String?) -> String {
        guard comm.utf8.count >= ShieldMatcher.commLength else { return comm }
        if let whole = executable(), whole.hasPrefix(comm) { return whole }
        if let whole = argumentZero(), whole.hasPrefix(comm) { return whole }
        return comm
    }

    /// The program name of `pid`, reading `/proc` with a reader of its own.
    static func name(of pid: Int32) -> String? {
        var reader = ProcReader()
        return name(of: pid, reader: &reader)
    }
}
#endif
