import Foundation

/// One threshold the activity monitor recorded: `program`'s apps reached `minutes` of use on `day`, told at `reachedAt`.
public struct LearningThresholdRecord: Hashable, Sendable {
    public let day: LocalDate
    public let program: String
    public let minutes: Int
    /// When the extension was told, by its clock.
    public let reachedAt: Date

    public init(day: LocalDate, program: String, minutes: Int, reachedAt: Date) {
        self.day = day
        self.program = program
        self.minutes = minutes
        self.reachedAt = reachedAt
    }
}

/// The records the activity monitor extension appends (`LockOutShared.LearningThresholdLog` writes them): one file a
/// day, `YYYY-MM-DD.log`, one line a threshold, `MINUTES UNIX-SECONDS PROGRAM ok` and a newline.
///
/// Only whole lines count: a line the extension was killed in the middle of lacks its closing `ok` (the writer
/// starts the next record on a line of its own), so it is skipped and nothing else is lost. A threshold told
/// twice is two equal lines.
public enum LearningThresholdLines {
    /// The folder in the App Group container that holds the files.
    public static let directoryName = "LearningThresholds"
    /// The files' extension.
    public static let fileExtension = "log"
    /// The last field of a whole record.
    public static let endMark = "ok"

    /// The file name of `day`'s records.
    public static func fileName(for day: LocalDate) -> String {
        "\(day).\(fileExtension)"
    }

    /// The day a file name is for; nil for any other file.
    public static func day(ofFile name: String) -> LocalDate? {
        guard name.hasSuffix(".\(fileExtension)") else { return nil }
        return LocalDate(iso: String(name.dropLast(fileExtension.count + 1)))
    }

    /// The whole lines of `text`, `day`'s file, that read as records; the others are skipped.
    public static func records(in text: String, day: LocalDate) -> [LearningThresholdRecord] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a line cut short
        return lines.compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 4, fields[3] == endMark, let minutes = Int(fields[0]), minutes > 0, minutes <= 24 * 60,
                let seconds = Int(fields[1]), !fields[2].isEmpty
            else { return nil }
            return LearningThresholdRecord(
                day: day, program: String(fields[2]), minutes: minutes, reachedAt: Date(timeIntervalSince1970: TimeInterval(seconds))
            )
        }
    }
}

/// Learning time from the monitor's records, as the rewards engine takes it (pure).
public enum ThresholdUsage {
    /// One usage session a learning program and day: its most minutes reached, as active seconds, ending when they
    /// were reached (within the day, however late the extension was told). The session's id is the same for the
    /// same program and day at every reading, so the engine counts only what a reading adds: a threshold told
    /// twice, or read again, counts once. Programs no longer learning programs (`categories`) count nothing.
    public static func sessions(
        from records: [LearningThresholdRecord], categories: [String: ProgramCategory], calendar: Calendar
    ) -> [UsageSession] {
        var best: [Key: LearningThresholdRecord] = [:]
        for record in records where categories[record.program] == .learning {
            let key = Key(day: record.day, program: record.program)
            if let held = best[key], held.minutes >= record.minutes { continue }
            best[key] = record
        }
        return best.values.map { record in
            let dayStart = record.day.start(in: calendar)
            let dayEnd = record.day.adding(days: 1, in: calendar).start(in: calendar)
            let seconds = record.minutes * 60
            let end = min(max(record.reachedAt, dayStart.addingTimeInterval(1)), dayEnd)
            return UsageSession(
                id: sessionID(day: record.day, program: record.program), program: record.program, category: .learning,
                start: max(dayStart, end.addingTimeInterval(-TimeInterval(seconds))), end: end, activeSeconds: seconds
            )
        }
        .sorted { ($0.end, $0.program) < ($1.end, $1.program) }
    }

    /// The id of `program`'s session on `day`: derived from both, the same at every reading.
    public static func sessionID(day: LocalDate, program: String) -> UUID {
        let text = "lockout.learning.\(day).\(program)"
        let high = fnv1a(text, seed: 14_695_981_039_346_656_037)
        let low = fnv1a(text, seed: 1_099_511_628_211 ^ high)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // a version-8 (custom) UUID
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }

    private struct Key: Hashable {
        let day: LocalDate
        let program: String
    }

    private static func fnv1a(_ text: String, seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return hash
    }
}
