import Foundation

/// Identifies one activity, stable across renames.
public struct ActivityID: UUIDIdentifier {
    /// The underlying UUID.
    public let rawValue: UUID
    /// Wraps a UUID.
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// Something a person focuses on, like "Writing" or "Spanish", that focus sessions are tagged with.
public struct Activity: Codable, Hashable, Sendable, Identifiable {
    /// Stays the same when the activity is renamed.
    public let id: ActivityID
    /// Unique among activities without regard to case; trimmed, never empty.
    public let name: String
    /// The group it is filed under, like "Work"; nil when it has none.
    public let collection: String?
    /// Pinned activities are listed first.
    public let isPinned: Bool
    /// Free text the person keeps with the activity.
    public let notes: String

    /// An activity; `name` and `collection` are trimmed and an empty collection becomes nil.
    /// Use ``ActivityName/validated(_:)`` first to reject a bad name.
    public init(id: ActivityID, name: String, collection: String? = nil, isPinned: Bool = false, notes: String = "") {
        self.id = id
        self.name = ActivityName.trimmed(name)
        self.collection = collection.map(ActivityName.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        self.isPinned = isPinned
        self.notes = notes
    }

    /// This activity with another name.
    public func renamed(_ name: String) -> Activity {
        Activity(id: id, name: name, collection: collection, isPinned: isPinned, notes: notes)
    }

    /// This activity pinned or unpinned.
    public func pinned(_ pinned: Bool) -> Activity {
        Activity(id: id, name: name, collection: collection, isPinned: pinned, notes: notes)
    }

    /// This activity with other notes.
    public func noted(_ notes: String) -> Activity {
        Activity(id: id, name: name, collection: collection, isPinned: isPinned, notes: notes)
    }

    /// This activity filed under another collection (nil or empty for none).
    public func filed(under collection: String?) -> Activity {
        Activity(id: id, name: name, collection: collection, isPinned: isPinned, notes: notes)
    }
}

/// The rules for activity names: trimmed, 1...100 characters, unique without regard to case.
public enum ActivityName {
    /// How many characters a name may have.
    public static let allowedLength: ClosedRange<Int> = 1...100

    /// `text` without surrounding whitespace and newlines.
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The trimmed name, or `.emptyActivityName` / `.activityNameTooLong` when it breaks the rules.
    public static func validated(_ text: String) throws(FocusDataError) -> String {
        let name = trimmed(text)
        guard !name.isEmpty else { throw .emptyActivityName }
        guard allowedLength.contains(name.count) else {
            throw .activityNameTooLong(length: name.count, allowed: allowedLength)
        }
        return name
    }

    /// The form two names are compared in: "Writing", "writing" and " WRITING " are the same name.
    public static func key(_ name: String) -> String {
        trimmed(name).folding(options: [.caseInsensitive], locale: nil)
    }

    /// Whether `lhs` and `rhs` name the same activity.
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        key(lhs) == key(rhs)
    }
}
