import Foundation

/// The spread of one measurement's runs, in milliseconds.
struct Timing {
    let name: String
    /// Each timed run, fastest first.
    let milliseconds: [Double]

    /// Runs `body` once to warm up, then `runs` times under a monotonic clock.
    static func measure(_ name: String, runs: Int, _ body: () throws -> Void) rethrows -> Timing {
        try body()
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            samples.append(milliseconds(try clock.measure(body)))
        }
        return Timing(name: name, milliseconds: samples.sorted())
    }

    /// `duration` in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15
    }

    /// `duration` as text: milliseconds with one decimal.
    static func text(_ duration: Duration) -> String {
        String(format: "%.1f ms", milliseconds(duration))
    }

    var min: Double { milliseconds[0] }
    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }
    var max: Double { milliseconds[milliseconds.count - 1] }

    /// Nearest rank: the smallest sample with at least `fraction` of the samples at or below it.
    private func percentile(_ fraction: Double) -> Double {
        let rank = Int((fraction * Double(milliseconds.count)).rounded(.up))
        return milliseconds[Swift.max(rank, 1) - 1]
    }

    static let header = row("measurement", "min", "median", "p95", "max")

    /// One line of the table, times in ms with three decimals.
    var line: String {
        Self.row(name, Self.ms(min), Self.ms(median), Self.ms(p95), Self.ms(max))
    }

    private static func ms(_ value: Double) -> String { String(format: "%.3f", value) }

    private static func row(_ name: String, _ columns: String...) -> String {
        name.padding(toLength: 44, withPad: " ", startingAt: 0)
            + columns.map { String(repeating: " ", count: Swift.max(0, 10 - $0.count)) + $0 }.joined()
    }
}
