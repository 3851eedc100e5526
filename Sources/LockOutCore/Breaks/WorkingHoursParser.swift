import Foundation

/// Reads working hours as typed: `mon-fri 09:00-17:00`, `sat,sun 10:00-14:00`, `daily 08:00-18:00`, or `off`.
public enum WorkingHoursParser {
    private static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Parses pairs of days and a window; `off` (alone) means no schedule.
    public static func parse(_ words: [String]) throws(BreakInputError) -> WorkingHours? {
        let usage = "use 'mon-fri 09:00-17:00' (days: mon…sun, ranges, commas, daily, weekdays, weekends) or 'off'"
        if words.map({ $0.lowercased() }) == ["off"] { return nil }
        guard !words.isEmpty, words.count.isMultiple(of: 2) else { throw .invalidWorkingHours(usage) }
        var windows: [Int: WorkingHours.Window] = [:]
        for index in stride(from: 0, to: words.count, by: 2) {
            let days = try weekdays(words[index].lowercased(), usage: usage)
            let window = try window(words[index + 1], usage: usage)
            for day in days { windows[day] = window }
        }
        let hours = WorkingHours(windows: windows)
        try hours.validate()
        return hours
    }

    private static func weekdays(_ text: String, usage: String) throws(BreakInputError) -> [Int] {
        switch text {
        case "daily": return Array(1...7)
        case "weekdays": return Array(2...6)
        case "weekends": return [1, 7]
        default: break
        }
        var result: [Int] = []
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-").map(String.init)
            guard (1...2).contains(ends.count),
                  let first = dayNames.firstIndex(of: ends[0]),
                  let last = dayNames.firstIndex(of: ends[ends.count - 1])
            else { throw .invalidWorkingHours("unknown days '\(text)': \(usage)") }
            var day = first
            while true {
                result.append(day + 1)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return result
    }

    private static func window(_ text: String, usage: String) throws(BreakInputError) -> WorkingHours.Window {
        let ends = text.split(separator: "-").map(String.init)
        guard ends.count == 2, let start = minutes(ends[0]), let end = minutes(ends[1]) else {
            throw .invalidWorkingHours("malformed window '\(text)': \(usage)")
        }
        return WorkingHours.Window(startMinute: start, endMinute: end)
    }

    private static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...24).contains(hour), (0..<60).contains(minute), hour * 60 + minute <= 1440
        else { return nil }
        return hour * 60 + minute
    }
}
