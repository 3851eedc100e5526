import Foundation

/// Break statistics as RFC 4180 CSV, for spreadsheets.
public enum CSVExport {
    /// The line ending RFC 4180 requires.
    public static let lineEnding = "\r\n"

    /// `date,completed,skipped`, then one row per day that has stats, oldest first, every line ending in CRLF.
    ///
    /// Several entries for the same day are added together into one row.
    public static func dailyCSV(_ stats: [DayStat]) -> String {
        let days = ComplianceCalculator.merged(stats).values.sorted { $0.date < $1.date }
        let rows = [["date", "completed", "skipped"]]
            + days.map { [$0.date.description, String($0.completed), String($0.skipped)] }
        return rows.map(record).joined()
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
