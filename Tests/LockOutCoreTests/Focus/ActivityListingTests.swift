import Foundation
import Testing
@testable import LockOutCore

@Suite("Activity listing: live search, collection filter, pinned first")
struct ActivityListingTests {
    private static func activity(
        _ name: String, collection: String? = nil, pinned: Bool = false, id: Int = 0
    ) -> Activity {
        let uuid = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", id))!
        return Activity(id: ActivityID(rawValue: uuid), name: name, collection: collection, isPinned: pinned)
    }

    private static let sample = [
        activity("Café visits", collection: "Life", id: 1),
        activity("ÉCRIRE", collection: "Work", id: 2),
        activity("Writing", collection: "work", id: 3),
        activity("Reading", collection: "Life", pinned: true, id: 4),
        activity("Spanish", id: 5),
    ]

    private static func names(_ filter: ActivityFilter) -> [String] {
        ActivityListing.list(sample, filter: filter).map(\.name)
    }

    @Test("Search without accents finds an accented name: 'cafe' finds 'Café visits'")
    func searchIgnoresAccents() {
        #expect(Self.names(ActivityFilter(search: "cafe")) == ["Café visits"])
    }

    @Test("Search ignores case and accents on the name's side: 'ecr' finds 'ÉCRIRE'")
    func searchIgnoresCaseOfName() {
        #expect(Self.names(ActivityFilter(search: "ecr")) == ["ÉCRIRE"])
    }

    @Test("Search in mixed case matches a substring anywhere: 'RiT' finds 'Writing'")
    func searchMixedCaseSubstring() {
        #expect(Self.names(ActivityFilter(search: "RiT")) == ["Writing"])
    }

    @Test("Search with accents on the query's side finds the plain name: 'SPÁN' finds 'Spanish'")
    func searchAccentedQuery() {
        #expect(Self.names(ActivityFilter(search: "SPÁN")) == ["Spanish"])
    }

    @Test("A search that matches nothing lists nothing")
    func searchNoMatch() {
        #expect(Self.names(ActivityFilter(search: "chess")).isEmpty)
    }

    @Test("A blank search keeps every activity")
    func blankSearchKeepsAll() {
        #expect(Self.names(ActivityFilter(search: "   ")).count == Self.sample.count)
    }

    @Test("The collection filter keeps only that collection, ignoring case")
    func collectionFilter() {
        #expect(Self.names(ActivityFilter(collection: "WORK")) == ["ÉCRIRE", "Writing"])
    }

    @Test("Search and collection filter combine: 'r' in Life finds only Reading")
    func searchAndCollectionCombine() {
        #expect(Self.names(ActivityFilter(search: "r", collection: "life")) == ["Reading"])
    }

    @Test("Pinned activities come first, then the rest by name ignoring case and accents")
    func pinnedFirstThenByName() {
        let listed = ActivityListing.list(Self.sample + [Self.activity("apnea", pinned: true, id: 6)]).map(\.name)
        #expect(listed == ["apnea", "Reading", "Café visits", "ÉCRIRE", "Spanish", "Writing"])
    }

    @Test("The screen's sections put the pinned ones at the top, each section in listing order")
    func sections() {
        let sections = ActivitySections((Self.sample + [Self.activity("apnea", pinned: true, id: 6)]).reversed())
        #expect(sections.pinned.map(\.name) == ["apnea", "Reading"])
        #expect(sections.others.map(\.name) == ["Café visits", "ÉCRIRE", "Spanish", "Writing"])
        #expect(sections.all.map(\.name) == ActivityListing.list(Self.sample + [Self.activity("apnea", pinned: true, id: 6)]).map(\.name))
    }

    @Test("Activities whose names fold alike keep a stable order by id")
    func stableOrderForEqualNames() {
        let twins = [Self.activity("Cafe", id: 9), Self.activity("Café", id: 8)]
        #expect(ActivityListing.ordered(twins).map(\.name) == ["Café", "Cafe"])
        #expect(ActivityListing.ordered(twins.reversed()).map(\.name) == ["Café", "Cafe"])
    }

    @Test("Collections are listed once each, ignoring case, sorted")
    func distinctCollections() {
        #expect(ActivityListing.collections(Self.sample) == ["Life", "Work"])
    }

    @Test("An empty collection name means no collection")
    func emptyCollectionIsNil() {
        #expect(Self.activity("Chess", collection: "  ").collection == nil)
    }
}
