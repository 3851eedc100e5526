import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout activity add|list|pin|unpin|remove|note`: what focus time is tagged with. Works on the database directly.
struct ActivityVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Keep the activities focus sessions are tagged with, like Writing or Spanish.",
        subcommands: [Add.self, List.self, Pin.self, Unpin.self, Remove.self, Note.self],
        defaultSubcommand: List.self
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an activity; names are unique without regard to case.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The name, 1 to 100 characters.") var name: String
        @Option(help: "A collection to file it under, like Work.") var collection: String?

        func run() throws {
            let activity = try reportingErrors {
                let activity = Activity(id: ActivityID(rawValue: UUID()), name: try ActivityName.validated(name), collection: collection)
                try global.context().database.activityStore.add(activity)
                return activity
            }
            let filed = activity.collection.map { " in \($0)" } ?? ""
            print("Added activity \(activity.name)\(filed).")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List activities, pinned first; --search ignores case and accents."
        )
        @OptionGroup var global: GlobalOptions
        @Option(help: "Only names containing this text, ignoring case and accents.") var search: String?
        @Option(help: "Only activities filed under this collection.") var collection: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (listed, all) = try reportingErrors {
                let all = try global.context().database.activityStore.all()
                let filter = ActivityFilter(search: search, collection: collection)
                return (ActivityListing.list(all, filter: filter), all)
            }
            if json {
                try printJSON(ActivityList(activities: listed, collections: ActivityListing.collections(all)))
            } else {
                print(TextRendering.activities(listed, filtered: search != nil || collection != nil))
            }
        }
    }

    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pin an activity so it is listed first.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The activity's name, in any case.") var name: String

        func run() throws {
            try changeActivity(global, name, done: "Pinned") { try $0.setPinned(true, name: name) }
        }
    }

    struct Unpin: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Unpin an activity.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The activity's name, in any case.") var name: String

        func run() throws {
            try changeActivity(global, name, done: "Unpinned") { try $0.setPinned(false, name: name) }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an activity; sessions already tagged with it keep its name in the history."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The activity's name, in any case.") var name: String

        func run() throws {
            try changeActivity(global, name, done: "Removed") { try $0.remove(name) }
        }
    }

    struct Note: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace an activity's notes; an empty text clears them.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The activity's name, in any case.") var name: String
        @Argument(help: "The notes.") var text: String

        func run() throws {
            try changeActivity(global, name, done: "Noted") { try $0.setNotes(text, name: name) }
        }
    }
}

/// The JSON of `lockout activity list --json`.
struct ActivityList: Encodable {
    /// One activity, its id as plain text.
    struct Row: Encodable {
        let id: String
        let name: String
        /// Absent when it is filed under none.
        let collection: String?
        let isPinned: Bool
        let notes: String
    }

    /// The listed activities, pinned first.
    let activities: [Row]
    /// Every collection in use, whatever the filter.
    let collections: [String]

    init(activities: [Activity], collections: [String]) {
        self.activities = activities.map {
            Row(id: $0.id.description, name: $0.name, collection: $0.collection, isPinned: $0.isPinned, notes: $0.notes)
        }
        self.collections = collections
    }
}

/// Applies one change to the activity called `name` and confirms it with the stored spelling.
private func changeActivity(
    _ global: GlobalOptions, _ name: String, done: String, _ change: (any ActivityStore) throws -> Void
) throws {
    let activity = try reportingErrors {
        let store = try global.context().database.activityStore
        let spelled = try store.activity(named: name)?.name ?? ActivityName.trimmed(name)
        try change(store)
        return spelled
    }
    print("\(done) \(activity).")
}
