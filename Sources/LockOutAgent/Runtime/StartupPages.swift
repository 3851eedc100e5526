import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gives back the pages of the agent's own executable that only its start-up touched.
///
/// Why: the binary links SwiftNIO, AsyncHTTPClient (for the CLI) and Foundation statically, and the kernel
/// maps code around every page a fault brings in, so starting up leaves far more of the binary resident
/// than an idle agent ever runs (measured: about 22 MiB of a 40 MiB text segment). Those pages are clean
/// copies of the file: dropping them from the process (`MADV_DONTNEED`) costs nothing, and whatever a later
/// event runs is mapped back from the page cache with a minor fault.
public enum StartupPages {
    /// Drops the resident pages of the executable's read-only mappings that hold no private copy (so never
    /// the relocated data, which differs from the file); returns how many bytes of mappings were advised.
    @discardableResult
    public static func release() -> Int {
        #if os(Linux)
        guard let smaps = try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8),
              let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return 0
        }
        var advised = 0
        for mapping in Mapping.all(in: smaps) where mapping.path == executable && mapping.isReadOnly && mapping.anonymousKiB == 0 {
            if madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), mapping.end - mapping.start, MADV_DONTNEED) == 0 {
                advised += mapping.end - mapping.start
            }
        }
        return advised
        #else
        return 0
        #endif
    }

    /// One mapping of `/proc/self/smaps`: its range, permissions, file and the private copies it holds.
    struct Mapping {
        var start = 0
        var end = 0
        var permissions = ""
        var path = ""
        /// `Anonymous:` in KiB: pages written since they were mapped (copy-on-write), which must be kept.
        var anonymousKiB: Int?

        var isReadOnly: Bool { !permissions.contains("w") }

        /// Every mapping in an `smaps` text.
        static func all(in smaps: String) -> [Mapping] {
            var mappings: [Mapping] = []
            for line in smaps.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if let range = fields.first, range.contains("-"), fields.count >= 5,
                   let dash = range.firstIndex(of: "-"),
                   let start = Int(range[..<dash], radix: 16), let end = Int(range[range.index(after: dash)...], radix: 16) {
                    let path = fields.count > 5 ? fields[5...].joined(separator: " ") : ""
                    mappings.append(Mapping(start: start, end: end, permissions: String(fields[1]), path: path))
                } else if fields.first == "Anonymous:", fields.count >= 2, !mappings.isEmpty {
                    mappings[mappings.count - 1].anonymousKiB = Int(fields[1])
                }
            }
            return mappings
        }
    }
}
