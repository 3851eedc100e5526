import Foundation

/// Reads and writes durations as people type them (`20s`, `5m`, `1h30m`) and shows countdowns as `MM:SS`.
public enum DurationParser {
    /// The units, longest first, in the order they must appear, with their length in seconds.
    private static let units: [(symbol: Unicode.Scalar, seconds: Int)] = [("h", 3600), ("m", 60), ("s", 1)]

    /// Parses `20s`, `20m`, `1h`, `1h30m` or `1h30m15s` into seconds.
    ///
    /// Surrounding whitespace is ignored. Every number needs a lower-case unit (`90` is malformed),
    /// each unit may appear once, longest first, and there are no signs, spaces or fractions inside.
    /// Throws `.malformedDuration(text)` for anything else, including a value too large for `Int`.
    public static func seconds(_ text: String) throws(BreakInputError) -> Int {
        let scalars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars)
        guard !scalars.isEmpty else { throw .malformedDuration(text) }
        var total = 0
        var number: Int?
        var nextUnit = units.startIndex
        for scalar in scalars {
            if let digit = digitValue(scalar) {
                let (shifted, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (next, overflow2) = shifted.addingReportingOverflow(digit)
                guard !overflow1, !overflow2 else { throw .malformedDuration(text) }
                number = next
                continue
            }
            guard let value = number,
                  let unit = units[nextUnit...].firstIndex(where: { $0.symbol == scalar })
            else { throw .malformedDuration(text) }
            let (part, overflow1) = value.multipliedReportingOverflow(by: units[unit].seconds)
            let (sum, overflow2) = total.addingReportingOverflow(part)
            guard !overflow1, !overflow2 else { throw .malformedDuration(text) }
            total = sum
            number = nil
            nextUnit = unit + 1
        }
        // A trailing number without a unit, like the 30 in `1h30`.
        guard number == nil else { throw .malformedDuration(text) }
        return total
    }

    /// Parses a duration that must be whole minutes, like `5m` or `1h`, into minutes.
    ///
    /// Throws `.malformedDuration` as ``seconds(_:)`` does, and `.durationNotWholeMinutes` for `90s`.
    public static func wholeMinutes(_ text: String) throws(BreakInputError) -> Int {
        let total = try seconds(text)
        guard total % 60 == 0 else { throw .durationNotWholeMinutes(text) }
        return total / 60
    }

    /// The shortest form ``seconds(_:)`` reads back: `20s`, `5m`, `1h30m`; `0s` for zero or less.
    public static func format(seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        var rest = seconds
        var text = ""
        for unit in units {
            let count = rest / unit.seconds
            rest %= unit.seconds
            if count > 0 { text += "\(count)\(Character(unit.symbol))" }
        }
        return text
    }

    /// A countdown as `MM:SS`: minutes may pass 59 (`75:00`), partial seconds round up, negative shows `00:00`.
    ///
    /// Rounding up means the display reaches `00:00` only when the time is really up; noise below
    /// a millisecond (from subtracting two `Date`s) is ignored so `1200.0000001` still shows `20:00`.
    public static func countdown(_ interval: TimeInterval) -> String {
        // Caps absurd values so the conversion to Int cannot trap; 1e9 s is about 31 years.
        guard !interval.isNaN else { return "00:00" }
        let clamped = min(max(interval, 0), 1e9)
        let total = Int((clamped - 0.001).rounded(.up))
        let minutes = String(total / 60).leftPadded(to: 2)
        let seconds = String(total % 60).leftPadded(to: 2)
        return "\(minutes):\(seconds)"
    }

    /// Time that has run, as `MM:SS`: minutes may pass 59, partial seconds are dropped (a clock
    /// shows 00:59 until the minute is full), negative shows `00:00`.
    public static func elapsed(_ interval: TimeInterval) -> String {
        guard !interval.isNaN else { return "00:00" }
        let total = Int(min(max(interval, 0), 1e9).rounded(.down))
        return "\(String(total / 60).leftPadded(to: 2)):\(String(total % 60).leftPadded(to: 2))"
    }

    /// How long something has waited, in its largest whole unit: "under a minute", "1 min", "5 h", "2 days".
    public static func waited(_ interval: TimeInterval) -> String {
        guard !interval.isNaN else { return "under a minute" }
        let seconds = Int(min(max(interval, 0), 1e9))
        switch seconds {
        case ..<60: return "under a minute"
        case ..<3_600: return "\(seconds / 60) min"
        case ..<86_400: return "\(seconds / 3_600) h"
        default: return Counted.words(seconds / 86_400, "day")
        }
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 48) : nil
    }
}
