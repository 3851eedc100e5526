import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The Activities screen (seed 001): the list filtered live as the person types and by collection, the pinned
/// section on top, the selected activity's notes, and add, pin, unpin and remove.
@MainActor
@Observable
public final class ActivitiesModel {
    /// The activities the search and the collection admit, pinned ones in their own section.
    public private(set) var sections = ActivitySections([])
    /// Every collection in use, for the collection filter.
    public private(set) var collections: [String] = []
    /// The search text; blank lists everything.
    public private(set) var search = ""
    /// The collection the list is narrowed to; nil for all.
    public private(set) var collection: String?
    /// The activity whose notes are shown; nil when none is selected.
    public private(set) var selected: Activity?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// The pinned section.
    public var pinned: [Activity] { sections.pinned }
    /// The rest, below it.
    public var others: [Activity] { sections.others }

    /// Reads the list again with the current search and collection.
    public func refresh() async {
        do {
            let filter = ActivityFilter(search: search, collection: collection)
            sections = ActivitySections(try await agent.activities(filter))
            collections = try await agent.activityCollections()
            if let name = selected?.name {
                selected = try await agent.activities().first { ActivityName.same($0.name, name) }
            }
        } catch {
            message = .refusal(error)
        }
    }

    /// Filters the list as the person types.
    public func search(for text: String) async {
        search = text
        await refresh()
    }

    /// Narrows the list to `collection`; nil shows every collection.
    public func choose(collection: String?) async {
        self.collection = collection
        await refresh()
    }

    /// Shows `activity`'s notes; nil closes them.
    public func select(_ activity: Activity?) {
        selected = activity
    }

    /// Adds an activity, filed under `collection` (nil or blank for none).
    public func add(name: String, collection: String?, notes: String = "") async {
        await perform(.add(name: name, collection: collection, notes: notes))
    }

    /// Pins `activity` to the top, or unpins it.
    public func setPinned(_ activity: Activity, _ pinned: Bool) async {
        await perform(.pin(activity.name, pinned))
    }

    /// Saves the selected activity's notes (the editor saves as the person edits).
    public func saveNotes(_ notes: String) async {
        guard let selected else { return }
        await perform(.notes(selected.name, notes))
    }

    /// Removes `activity`; its past sessions keep its name.
    public func remove(_ activity: Activity) async {
        await perform(.remove(activity.name))
    }

    private func perform(_ action: ActivityAction) async {
        do {
            try await agent.perform(action)
            message = nil
            await refresh()
        } catch {
            message = .refusal(error)
        }
    }
}
