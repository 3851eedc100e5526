import GRDB
import LockOutCore

/// Where the stores report stored settings they had to bring into range when reading them.
///
/// Stored settings are never trusted: each store clamps what it reads (Core's `clamped()`), and when
/// anything had to change it writes the corrected settings back in a write transaction and reports the
/// corrections, so a hand-edited value is reported once and every later read finds it in range.
struct SettingCorrections: Sendable {
    /// Hears the corrections made by one read.
    let report: @Sendable ([SettingCorrection]) -> Void

    /// Corrections nobody hears of, for stores made without a database's reporter.
    static let unheard = SettingCorrections { _ in }

    /// Reads a value with `read`; when it had to be corrected, reads it again in a write transaction,
    /// writes the corrected value back with `writeBack`, and reports the corrections.
    func read<Value>(
        _ writer: any DatabaseWriter,
        _ read: (Database) throws -> (Value, [SettingCorrection]),
        writeBack: (Value, Database) throws -> Void
    ) throws -> Value {
        let (value, corrections) = try writer.read(read)
        guard !corrections.isEmpty else { return value }
        let (corrected, found) = try writer.write { db in
            let (value, corrections) = try read(db)
            if !corrections.isEmpty { try writeBack(value, db) }
            return (value, corrections)
        }
        // Another process may have put it right in between: then there is nothing left to report.
        if !found.isEmpty { report(found) }
        return corrected
    }
}
