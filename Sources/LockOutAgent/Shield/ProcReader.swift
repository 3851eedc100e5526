#if os(Linux)
import Glibc

/// Reads `/proc` with plain system calls into one reused buffer: no Foundation, no allocation per file
/// beyond the path.
struct ProcReader {
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Calls `body` with each process id in `/proc` (thread-group leaders only; threads live under `task/`).
    func forEachProcess(_ body: (Int32) -> Void) {
        guard let directory = opendir("/proc") else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let pid: Int32? = withUnsafeBytes(of: &entry.pointee.d_name) { name in
                var value: Int32 = 0
                for byte in name {
                    if byte == 0 { break }
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < Int32.max / 10 - 9 else { return nil }
                    value = value * 10 + Int32(byte - UInt8(ascii: "0"))
                }
                return value > 0 ? value : nil
            }
            if let pid { body(pid) }
        }
    }

    /// `/proc/PID/stat`, parsed; nil when the process is gone.
    mutating func stat(_ pid: Int32) -> ProcStat? {
        read("/proc/\(pid)/stat") { ProcStat($0) }
    }

    /// The real uid from `/proc/PID/status`.
    mutating func realUID(_ pid: Int32) -> UInt32? {
        read("/proc/\(pid)/status") { ProcFile.realUID(status: $0) }
    }

    /// The file name of `argv[0]`.
    mutating func argumentZeroName(_ pid: Int32) -> String? {
        read("/proc/\(pid)/cmdline") { ProcFile.argumentZeroName(cmdline: $0) }
    }

    /// Where `/proc/PID/exe` points; nil for kernel threads, zombies and other users' processes.
    mutating func executablePath(_ pid: Int32) -> String? {
        let count = "/proc/\(pid)/exe".withCString { path in
            buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    guard let start = characters.baseAddress else { return -1 }
                    return readlink(path, start, characters.count)
                }
            }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Reads the start of the file at `path` (up to the buffer's size, which covers the lines the shield reads).
    private mutating func read<Value>(_ path: String, _ parse: (ArraySlice<UInt8>) -> Value?) -> Value? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parse(buffer[..<count])
    }

    /// Clock ticks since boot, on the clock `/proc/PID/stat`'s start time counts in (`CLOCK_BOOTTIME`).
    static func ticksSinceBoot() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return UInt64(now.tv_sec) * ticksPerSecond + UInt64(now.tv_nsec) * ticksPerSecond / 1_000_000_000
    }

    /// `sysconf(_SC_CLK_TCK)`, 100 on every Linux system in practice.
    static let ticksPerSecond: UInt64 = {
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return ticks > 0 ? UInt64(ticks) : 100
    }()
}
#endif
