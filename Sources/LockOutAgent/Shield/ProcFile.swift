/// The fields the shield needs from `/proc/PID/stat`, parsed from its bytes without Foundation.
///
/// The second field, `comm`, is in parentheses and may itself hold spaces and `)`, so the fields after it
/// are counted from the last `)`.
struct ProcStat: Equatable, Sendable {
    /// `PF_KTHREAD` from `<linux/sched.h>`: the task is a kernel thread.
    static let kernelThreadFlag: UInt64 = 0x0020_0000

    let pid: Int32
    /// The process name: the executed file's name (a script's own name, not its interpreter's), cut to 15 bytes.
    let comm: String
    /// One letter: `R`, `S`, `D`, `Z` (zombie), `X` (dead), …
    let state: UInt8
    let parentPID: Int32
    let flags: UInt64
    /// Field 22: when the process started, in clock ticks after boot; with the pid it names one process.
    let startTime: UInt64

    /// A kernel thread: `kthreadd` (pid 2), its children, or anything flagged `PF_KTHREAD`.
    var isKernelThread: Bool { flags & Self.kernelThreadFlag != 0 || pid == 2 || parentPID == 2 }

    /// Exited but not yet reaped, or dead: there is nothing left to stop.
    var hasExited: Bool { state == UInt8(ascii: "Z") || state == UInt8(ascii: "X") }

    /// Parses the contents of a `stat` file; nil when they are malformed.
    init?<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")),
              open < close,
              let pidField = bytes[bytes.startIndex..<open].split(separator: UInt8(ascii: " ")).first,
              let pid = ProcFile.integer(pidField)
        else { return nil }
        // Fields 3… follow ") ": index 0 is field 3 (state), 1 is 4 (ppid), 6 is 9 (flags), 19 is 22 (starttime).
        let rest = bytes[bytes.index(after: close)...].split(separator: UInt8(ascii: " "), maxSplits: 20)
        guard rest.count > 19, let state = rest[0].first,
              let parentPID = ProcFile.integer(rest[1]),
              let flags = ProcFile.integer(rest[6]),
              let startTime = ProcFile.integer(rest[19])
        else { return nil }
        self.pid = Int32(truncatingIfNeeded: pid)
        self.comm = String(decoding: bytes[bytes.index(after: open)..<close], as: UTF8.self)
        self.state = state
        self.parentPID = Int32(truncatingIfNeeded: parentPID)
        self.flags = flags
        self.startTime = startTime
    }

    /// Parses `text`, for tests and fixtures.
    init?(_ text: String) {
        self.init(Array(text.utf8))
    }
}

/// Parsers for the other small `/proc/PID` files, working on bytes.
enum ProcFile {
    /// The real uid from the `Uid:` line of `/proc/PID/status` (real, effective, saved, filesystem).
    static func realUID<Bytes: Collection<UInt8>>(status bytes: Bytes) -> UInt32? {
        let prefix = Array("Uid:".utf8)
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: prefix) {
            let values = line.dropFirst(prefix.count).split(whereSeparator: { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: " ") })
            return values.first.flatMap { integer($0) }.map { UInt32(truncatingIfNeeded: $0) }
        }
        return nil
    }

    /// The file name of `argv[0]` from `/proc/PID/cmdline` (NUL-separated); nil when it is empty, as for
    /// kernel threads and zombies.
    static func argumentZeroName<Bytes: Collection<UInt8>>(cmdline bytes: Bytes) -> String? {
        let first = bytes.prefix(while: { $0 != 0 })
        guard !first.isEmpty else { return nil }
        let name = basename(String(decoding: first, as: UTF8.self))
        return name.isEmpty ? nil : name
    }

    /// The file name of the target of `/proc/PID/exe`, without the ` (deleted)` mark the kernel adds when
    /// the file was removed or replaced since the process started.
    static func executableName(exeLink target: String) -> String? {
        let deleted = " (deleted)"
        let path = target.hasSuffix(deleted) ? String(target.dropLast(deleted.count)) : target
        let name = basename(path)
        return name.isEmpty ? nil : name
    }

    /// The last component of `path`: what follows the last `/`.
    static func basename(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// A decimal number made of ASCII digits only.
    static func integer<Digits: Collection<UInt8>>(_ digits: Digits) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
