import Foundation

/// Reads a Record's attribute values straight from the export's bytes, with no `String` per record:
/// a number, a `2024-01-15 08:30:00 +0100` date and a unit.
enum HealthExportValues {
    /// Exact powers of ten a `Double` holds without rounding (up to 10^22).
    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// A non-negative decimal such as `120`, `0.5` or `12.25`; nil for anything else.
    ///
    /// Up to 15 significant digits the result is correctly rounded (an exact integer divided by an exact
    /// power of ten); longer or exponent forms fall back to `Double(String)`.
    static func number(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        if i < end, base[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while i < end {
            let byte = base[i]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        if i == end, digits > 0, digits <= 15 {
            return Double(mantissa) / powersOfTen[fractionDigits]
        }
        // Rare forms (exponents, very long numbers) and rubbish go through the standard library.
        guard digits > 0 || i < end else { return nil }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// Seconds since 1970 of a `YYYY-MM-DD HH:MM:SS ±HHMM` date (the offset may also be `±HH:MM` or `Z`).
    static func instant(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let length = end - start
        guard length >= 20 else { return nil }
        let p = base + start
        guard p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), p[10] == UInt8(ascii: " ") || p[10] == UInt8(ascii: "T"),
              p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":"),
              let year = digits(p, 0, 4), let month = digits(p, 5, 2), let day = digits(p, 8, 2),
              let hour = digits(p, 11, 2), let minute = digits(p, 14, 2), let second = digits(p, 17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var i = 19
        while i < length, p[i] == UInt8(ascii: " ") { i += 1 }
        guard i < length else { return nil }
        var offset = 0
        if p[i] == UInt8(ascii: "Z"), i + 1 == length {
            offset = 0
        } else {
            let sign = p[i]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let rest = length - i - 1
            let hours: Int?
            let minutes: Int?
            if rest == 4 {
                hours = digits(p, i + 1, 2)
                minutes = digits(p, i + 3, 2)
            } else if rest == 5, p[i + 3] == UInt8(ascii: ":") {
                hours = digits(p, i + 1, 2)
                minutes = digits(p, i + 4, 2)
            } else {
                return nil
            }
            guard let hours, let minutes, hours <= 18, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        let days = daysSince1970(year: year, month: month, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func digits(_ p: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        var value = 0
        for i in at..<(at + count) {
            let byte = p[i]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The factor that turns a value in `unit` into `metric`'s unit (steps, kcal, min); nil for a unit
    /// that does not belong to the metric. A missing unit (`start == end`) means the metric's own.
    static func factor(for metric: HealthMetric, _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        if start == end { return 1 }
        func unit(_ literal: StaticString) -> Bool { equals(base, start, end, literal) }
        switch metric {
        case .steps:
            return unit("count") ? 1 : nil
        case .activeEnergy:
            if unit("kcal") || unit("Cal") { return 1 }
            if unit("kJ") { return 1 / 4.184 }
            if unit("cal") { return 1.0 / 1000 }
            if unit("J") { return 1 / 4184 }
            return nil
        case .exerciseMinutes:
            if unit("min") { return 1 }
            if unit("s") { return 1.0 / 60 }
            if unit("hr") { return 60 }
            return nil
        }
    }

    /// Whether the bytes `start..<end` are exactly `literal`.
    @inline(__always)
    static func equals(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        end - start == literal.utf8CodeUnitCount && memcmp(base + start, literal.utf8Start, end - start) == 0
    }
}
