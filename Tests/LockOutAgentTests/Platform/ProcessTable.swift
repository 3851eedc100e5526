import Foundation

/// Looks at the processes running on this machine through /proc, for tests about child processes.
enum ProcessTable {
    /// The ids of running processes with `fragment` somewhere in their command line (zombies excluded).
    static func processes(withArgument fragment: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  !status.contains("State:\tZ")
            else { return false }
            return String(decoding: commandLine.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self).contains(fragment)
        }
    }
}
