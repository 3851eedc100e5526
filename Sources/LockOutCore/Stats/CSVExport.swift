import Foundation

/// Break statistics as RFC 4180 CSV, for spreadsheets.
public enum CSVExport {
    /// The line ending RFC 4180 requires.
    public static let lineEnding = "\r\n"

    /// `date,completed,skipped,natural`, then one row per day that has stats, oldest first, every line ending in CRLF.
    ///
    /// Several entries for the same day are added together into one row. `natural` (the completed breaks taken
    /// by stepping away, already counted in `completed`) is the last column, so a reader of the first three
    /// columns by position or by name reads what it always did.
    public static func dailyCSV(_ stats: [DayStat]) -> String {
        let days = ComplianceCalculator.daily(stats)
        var csv = record(["date", "completed", "skipped", "natural"])
        // Ten years of history is thousands of rows: append to one string rather than build a row of fields each.
        csv.reserveCapacity(csv.utf8.count + days.count * 28)
        for day in days {
            // A date and three counts hold only digits and dashes: nothing to escape.
            csv += day.date.description
            csv += ","
            csv += String(day.completed)
            csv += ","
            csv += String(day.skipped)
            csv += ","
            csv += String(day.natural)
            csv += lineEnding
        }
        return csv
    }

    /// One CSV line: the escaped fields joined by commas, ending in CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map(escaped).joined(separator: ",") + lineEnding
    }

    /// The field as written in CSV: in double quotes, with inner quotes doubled, only when it holds a comma, quote, CR or LF.
    public static func escaped(_ field: String) -> String {
        // Unicode scalars, not Characters: "\r\n" is a single Character that equals neither "\r" nor "\n".
        let needsQuotes = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
