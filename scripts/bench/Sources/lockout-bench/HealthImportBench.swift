import Foundation
import LockOutAgent
import LockOutCore

/// `lockout-bench health-import PATH [--runs N] [--chunk BYTES]`: imports an Apple Health export the way
/// `lockout health import` does and prints throughput, peak memory and the totals found.
struct HealthImportBench {
    static let usage = "usage: lockout-bench health-import PATH [--runs 3] [--chunk 1048576]   (TZ sets the calendar)"

    let file: URL
    var runs = 3
    var chunkSize = 1 << 20

    init(arguments: [String]) throws(StatsBenchOptions.UsageError) {
        var rest = arguments.dropFirst()
        guard let path = rest.popFirst(), !path.hasPrefix("-") else { throw .missingValue(option: "health-import PATH") }
        file = URL(fileURLWithPath: path)
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw .missingValue(option: option) }
            guard let number = Int(value), number > 0 else { throw .invalidValue(option: option, value: value) }
            switch option {
            case "--runs": runs = number
            case "--chunk": chunkSize = number
            default: throw .unknownOption(option)
            }
        }
    }

    func run() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let importer = HealthExportImporter(
            calendar: calendar, environment: ProcessInfo.processInfo.environment, chunkSize: chunkSize
        )
        print("health-import \(file.path), calendar \(calendar.timeZone.identifier), \(chunkSize / 1024) KiB chunks")
        let clock = ContinuousClock()
        var speeds: [Double] = []
        var summary: HealthExportSummary?
        for run in 1...runs {
            var callbacks = 0
            var bytes: Int64 = 0
            let started = clock.now
            summary = try importer.importFile(at: file) { progress in
                callbacks += 1
                bytes = progress.bytesRead
            }
            let seconds = Timing.milliseconds(started.duration(to: clock.now)) / 1000
            let megabytes = Double(bytes) / 1e6
            speeds.append(megabytes / seconds)
            print(String(format: "run %d: %.1f MB of XML in %.2f s = %.1f MB/s (%d progress callbacks)",
                         run, megabytes, seconds, megabytes / seconds, callbacks))
        }
        speeds.sort()
        print(String(format: "MB/s: best %.1f, median %.1f, worst %.1f", speeds.last ?? 0, speeds[speeds.count / 2], speeds[0]))
        print("peak RSS (VmHWM): \(Self.status("VmHWM") ?? "unknown")")
        guard let summary else { return }
        let days = summary.totals.keys.sorted()
        let sum = { (metric: HealthMetric) in summary.totals.values.reduce(0) { $0 + $1[metric] } }
        print("days: \(days.count)" + (days.first.map { ", \($0) … \(days.last ?? $0)" } ?? ""))
        for metric in HealthMetric.allCases {
            print(String(format: "%@: %d records read, %d skipped, %.1f %@ after the multi-source rule",
                         metric.rawValue, summary.recordsRead[metric] ?? 0, summary.recordsSkipped[metric] ?? 0,
                         sum(metric), metric.unit))
        }
        print("sources: \(summary.sources.joined(separator: ", ")); complete: \(summary.isComplete)")
    }

    /// A line of /proc/self/status such as `VmHWM:   12345 kB`, as `12.1 MiB (12,345 KiB)`.
    static func status(_ key: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
              let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return String(format: "%.1f MiB (%d KiB)", Double(kib) / 1024, kib)
    }
}
