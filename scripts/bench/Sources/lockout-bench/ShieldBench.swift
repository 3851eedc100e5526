import Foundation
import LockOutAgent

/// `lockout-bench shield SECONDS [--name NAME]`: what the Linux app shield costs the process running it.
/// Measures CPU time and context switches of this process (all threads, `getrusage`) over SECONDS with the
/// shield off, then over SECONDS shielding NAME (default `fakesteam`), and times `apply`, which includes
/// the first full scan of `/proc`. Prints figures; never fails on a timing.
struct ShieldBench {
    static let usage = "usage: lockout-bench shield SECONDS [--name fakesteam]"

    let seconds: Int
    var name = "fakesteam"

    init(arguments: [String]) throws(StatsBenchOptions.UsageError) {
        var rest = arguments.dropFirst()
        guard let text = rest.popFirst() else { throw .missingValue(option: "shield SECONDS") }
        guard let seconds = Int(text), seconds > 0 else { throw .invalidValue(option: "SECONDS", value: text) }
        self.seconds = seconds
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw .missingValue(option: option) }
            switch option {
            case "--name": name = value
            default: throw .unknownOption(option)
            }
        }
    }

    func run() {
        let shield = ProcessShield()
        print("shield \(name): \(Self.processCount()) processes in /proc, \(seconds) s per phase")

        let off = Usage.measure { Self.sleep(seconds) }
        print(off.line("off (empty list)", seconds: seconds))

        let clock = ContinuousClock()
        var firstScan = Duration.zero
        let apply = Usage.measure {
            firstScan = clock.measure { shield.apply(blocked: [ShieldTarget(executable: name)], onBlocked: { _ in }) }
        }
        let on = Usage.measure { Self.sleep(seconds) }
        shield.apply(blocked: [], onBlocked: { _ in })
        print(on.line("shielding", seconds: seconds))
        print(String(format: "  per scan (1 s apart): %.3f ms CPU", on.cpuMilliseconds / Double(seconds)))
        print(
            "  apply, with the first full scan of \(Self.processCount()) processes: \(Timing.text(firstScan)) wall, "
                + String(format: "%.1f ms CPU", apply.cpuMilliseconds)
        )
    }

    private static func sleep(_ seconds: Int) {
        var request = timespec(tv_sec: seconds, tv_nsec: 0)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 { request = remaining }
    }

    private static func processCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }.count
    }
}

/// CPU time and context switches of this process over a stretch, from `getrusage(RUSAGE_SELF)`.
private struct Usage {
    let cpuMilliseconds: Double
    let switches: Int

    static func measure(_ body: () -> Void) -> Usage {
        let before = now()
        body()
        let after = now()
        return Usage(cpuMilliseconds: after.cpuMilliseconds - before.cpuMilliseconds, switches: after.switches - before.switches)
    }

    private static func now() -> Usage {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
        return Usage(cpuMilliseconds: cpu, switches: usage.ru_nvcsw + usage.ru_nivcsw)
    }

    func line(_ name: String, seconds: Int) -> String {
        "  \(name): "
            + String(
                format: "CPU %.1f ms (%.2f ms/s, %.3f%% of a core), %d context switches (%.1f/s)",
                cpuMilliseconds, cpuMilliseconds / Double(seconds), cpuMilliseconds / Double(seconds) / 10,
                switches, Double(switches) / Double(seconds)
            )
    }
}
