import Foundation

/// A change to the activities a person makes on the Activities screen (the web page's forms, the apps' list).
public enum ActivityAction: Equatable, Sendable {
    case add(name: String, collection: String?, notes: String)
    case pin(String, Bool)
    case notes(String, String)
    case remove(String)
}
