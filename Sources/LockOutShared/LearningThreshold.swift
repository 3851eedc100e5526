import Foundation

/// A learning threshold the activity monitor is told of: the event's name says the day, the minutes reached and the
/// learning program (`lockout.learn.2026-11-23.25.gcompris`), as the app's plan (Core's `LearningMonitorPlan`)
/// named it.
public struct LearningThreshold: Hashable, Sendable {
    /// Every learning event's name starts with this.
    public static let eventPrefix = "lockout.learn."

    /// The local day, `YYYY-MM-DD`.
    public let day: String
    /// The minutes of use reached since the day's midnight.
    public let minutes: Int
    /// The learning program whose selection reached them.
    public let program: String

    /// The threshold an event's name stands for; nil for any other event.
    public init?(eventName: String) {
        guard eventName.hasPrefix(Self.eventPrefix) else { return nil }
        let fields = eventName.dropFirst(Self.eventPrefix.count).split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 10, let minutes = Int(fields[1]), minutes > 0, !fields[2].isEmpty,
            !fields[2].contains(where: { $0 == " " || $0 == "\n" || $0 == "/" })
        else { return nil }
        day = String(fields[0])
        self.minutes = minutes
        program = String(fields[2])
    }
}

/// Where the activity monitor records learning thresholds for the app: one file a day in the App Group container's
/// `LearningThresholds` folder, appended to, never rewritten.
///
/// A record is one line, `MINUTES UNIX-SECONDS PROGRAM ok`; the app reads whole lines only (Core's
/// `LearningThresholdLog`). Appending keeps what was recorded whatever happens to a later write: the system kills an
/// extension at will (and above about 6 MB), and a record cut short lacks its closing `ok`, so it is skipped, and
/// the next record starts on a line of its own. A threshold told twice is recorded twice and counted once.
public struct LearningThresholdLog: Sendable {
    /// The folder inside the App Group container.
    public static let directoryName = "LearningThresholds"

    /// The folder of the files.
    public let directory: URL

    /// The log in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The log in the App Group container at `container`.
    public init(container: URL) {
        self.init(directory: container.appendingPathComponent(Self.directoryName, isDirectory: true))
    }

    /// The file of `day`'s records.
    public func file(for day: String) -> URL {
        directory.appendingPathComponent("\(day).log", isDirectory: false)
    }

    /// Appends `threshold`, told at `date`, to its day's file.
    public func record(_ threshold: LearningThreshold, at date: Date) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = file(for: threshold.day)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forUpdating: url)
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        var line = "\(threshold.minutes) \(Int(date.timeIntervalSince1970)) \(threshold.program) ok\n"
        if end > 0 {
            try handle.seek(toOffset: end - 1)
            // A record cut short by a killed write has no newline: this one starts on a line of its own.
            if try handle.read(upToCount: 1) != Data([0x0A]) { line = "\n" + line }
            try handle.seekToEnd()
        }
        try handle.write(contentsOf: Data(line.utf8))
    }
}

extension ShieldSelectionName {
    /// The selection names of learning programs start with this.
    public static let learningPrefix = "learning."

    /// The selection of the learning program `program`: the apps and categories picked for it, whose use its
    /// threshold events count. Never shielded.
    public static func learning(_ program: String) -> String {
        learningPrefix + program
    }
}
