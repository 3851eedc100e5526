import Foundation

/// What an activity list is narrowed to: a search text and a collection, either optional; both combine.
public struct ActivityFilter: Codable, Hashable, Sendable {
    /// Kept when the name contains it, ignoring case and accents; nil or blank keeps all.
    public let search: String?
    /// Kept when filed under this collection, ignoring case; nil keeps all.
    public let collection: String?

    /// A filter; leave a part nil to not filter on it.
    public init(search: String? = nil, collection: String? = nil) {
        self.search = search
        self.collection = collection
    }

    /// Everything.
    public static let all = ActivityFilter()

    /// Whether `activity` passes both parts of the filter.
    public func admits(_ activity: Activity) -> Bool {
        if let search, !TextSearch.matches(activity.name, query: search) { return false }
        if let collection {
            guard let filed = activity.collection, ActivityName.same(filed, collection) else { return false }
        }
        return true
    }
}

/// Orders and filters activities the way every listing shows them.
public enum ActivityListing {
    /// Pinned activities first, then the rest; each group by name ignoring case and accents,
    /// ties broken by id so the order is stable.
    public static func ordered(_ activities: [Activity]) -> [Activity] {
        activities.sorted { lhs, rhs in
            if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
            let left = TextSearch.fold(lhs.name)
            let right = TextSearch.fold(rhs.name)
            if left != right { return left < right }
            return lhs.id.description < rhs.id.description
        }
    }

    /// The activities that pass `filter`, in listing order.
    public static func list(_ activities: [Activity], filter: ActivityFilter = .all) -> [Activity] {
        ordered(activities.filter(filter.admits))
    }

    /// The distinct collections in use, sorted, each spelled as first seen.
    public static func collections(_ activities: [Activity]) -> [String] {
        var seen: [String: String] = [:]
        for activity in activities {
            guard let collection = activity.collection else { continue }
            let key = ActivityName.key(collection)
            if seen[key] == nil { seen[key] = collection }
        }
        return seen.sorted { $0.key < $1.key }.map(\.value)
    }
}

/// The Activities screen's two sections (seed 001): pinned activities at the top, then the rest.
public struct ActivitySections: Codable, Hashable, Sendable {
    /// The pinned activities, in listing order.
    public let pinned: [Activity]
    /// The others, in listing order.
    public let others: [Activity]

    /// The sections of `activities`, in listing order whatever order they come in.
    public init(_ activities: [Activity]) {
        let ordered = ActivityListing.ordered(activities)
        pinned = ordered.filter(\.isPinned)
        others = ordered.filter { !$0.isPinned }
    }

    /// Both sections, pinned first: the list as it reads from the top.
    public var all: [Activity] { pinned + others }
}
