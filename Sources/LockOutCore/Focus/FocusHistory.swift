import Foundation

/// Where finished focus segments are kept.
public protocol FocusHistory: Sendable {
    /// Records segments; a segment whose id is already stored is left as it was, so a retried save stores it once.
    func save(_ records: [FocusSessionRecord]) throws
    /// The segments `query` admits, newest start first.
    func sessions(_ query: FocusHistoryQuery) throws -> [FocusSessionRecord]
    /// The segment with `id`, or nil.
    func session(_ id: FocusSessionID) throws -> FocusSessionRecord?
    /// Deletes segments of local days before `day`; returns how many went.
    @discardableResult
    func prune(before day: LocalDate) throws -> Int
}

/// Which focus segments `lockout history` shows: an activity, a mode and a range of local days, each optional.
public struct FocusHistoryQuery: Codable, Hashable, Sendable {
    /// Kept when tagged with this activity, ignoring case; nil keeps all, including untagged ones.
    public let activity: String?
    /// Kept when run in this mode; nil keeps every mode.
    public let mode: FocusMode?
    /// First local day kept (the record's `day`), inclusive; nil for no lower bound.
    public let from: LocalDate?
    /// Last local day kept, inclusive; nil for no upper bound.
    public let to: LocalDate?

    /// A query; throws `.invalidDateRange` when `from` is after `to`.
    public init(activity: String? = nil, mode: FocusMode? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws(FocusDataError) {
        if let from, let to, to < from { throw .invalidDateRange(from: from, to: to) }
        self.activity = activity.map(ActivityName.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        self.mode = mode
        self.from = from
        self.to = to
    }

    /// Every segment.
    public static let everything = FocusHistoryQuery(unchecked: ())

    private init(unchecked: Void) {
        activity = nil
        mode = nil
        from = nil
        to = nil
    }

    /// Whether `record` passes the activity, the mode and the day range.
    public func admits(_ record: FocusSessionRecord) -> Bool {
        if let mode, record.mode != mode { return false }
        if let from, record.day < from { return false }
        if let to, to < record.day { return false }
        if let activity {
            guard let tagged = record.activity, ActivityName.same(tagged, activity) else { return false }
        }
        return true
    }

    /// The records `admits` keeps, newest start first (ties by id), as every history returns them.
    public func apply(_ records: [FocusSessionRecord]) -> [FocusSessionRecord] {
        records.filter(admits).sorted {
            ($0.startedAt, $0.id.description) > ($1.startedAt, $1.id.description)
        }
    }

    /// Parses a session id as typed in `lockout history show ID`; throws `.unknownSession` when it is no id at all.
    public static func sessionID(_ text: String) throws(FocusDataError) -> FocusSessionID {
        guard let uuid = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw .unknownSession(text)
        }
        return FocusSessionID(rawValue: uuid)
    }
}
