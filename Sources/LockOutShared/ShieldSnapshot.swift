import Foundation

/// What is blocked, until when and why, as the app last planned it: what the activity monitor and the
/// shield extensions read from the App Group. The app writes it as JSON with `JSONEncoder()`'s default
/// strategies.
public struct ShieldSnapshot: Codable, Hashable, Sendable {
    /// The format this module reads.
    public static let currentVersion = 1

    /// A span in which a selection is blocked.
    public struct Period: Codable, Hashable, Sendable {
        /// The selection's name (``ShieldSelectionName``).
        public let selection: String
        /// When the block starts (`Date.distantPast` for one in force when the snapshot was made).
        public let from: Date
        /// When it ends; nil when the app will say.
        public let until: Date?
        /// The shield's title.
        public let title: String
        /// The shield's reason, like "Locked until you reach 10,000 steps — 6,240 so far".
        public let reason: String

        /// A period with every field given.
        public init(selection: String, from: Date, until: Date?, title: String, reason: String) {
            self.selection = selection
            self.from = from
            self.until = until
            self.title = title
            self.reason = reason
        }

        /// Whether it blocks at `now`: from its start, up to but not at its end.
        public func contains(_ now: Date) -> Bool {
            from <= now && until.map { now < $0 } ?? true
        }
    }

    /// The format's version.
    public let version: Int
    /// When the app made it.
    public let madeAt: Date
    /// Every blocked span.
    public let periods: [Period]

    /// A snapshot with every field given.
    public init(version: Int = currentVersion, madeAt: Date, periods: [Period]) {
        self.version = version
        self.madeAt = madeAt
        self.periods = periods
    }

    /// The snapshot stored as `data`, or nil when there is none, it can't be read, or its version is not
    /// ``currentVersion``: then the extensions leave the shields as the app last set them.
    public static func decoded(from data: Data?) -> ShieldSnapshot? {
        guard let data, let snapshot = try? JSONDecoder().decode(ShieldSnapshot.self, from: data),
              snapshot.version == currentVersion
        else { return nil }
        return snapshot
    }

    /// The JSON the app stores.
    public func encoded() throws -> Data {
        try JSONEncoder().encode(self)
    }

    /// The period blocking `selection` at `now`, which says until when and why; nil when it is allowed.
    public func block(of selection: String, at now: Date) -> Period? {
        periods.first { $0.selection == selection && $0.contains(now) }
    }

    /// Whether `selection` is blocked at `now`: the decision the monitor and the shield make.
    public func isBlocked(_ selection: String, at now: Date) -> Bool {
        block(of: selection, at: now) != nil
    }

    /// The selections blocked at `now`, sorted; the monitor shields these and clears the others it knows.
    public func blockedSelections(at now: Date) -> [String] {
        Set(periods.filter { $0.contains(now) }.map(\.selection)).sorted()
    }
}
