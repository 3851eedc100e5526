import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Activities model")
struct ActivitiesModelTests {
    /// A model over four activities in two collections and one without.
    private func model(_ fixture: PresentationFixture) async -> ActivitiesModel {
        let model = ActivitiesModel(agent: fixture.agent)
        await model.add(name: "Writing", collection: "Work")
        await model.add(name: "Écrire", collection: "work")
        await model.add(name: "Reading", collection: "Life", notes: "Novels")
        await model.add(name: "Spanish", collection: nil)
        return model
    }

    private func names(_ model: ActivitiesModel) -> [String] {
        (model.pinned + model.others).map(\.name)
    }

    @Test("the list filters as the person types, ignoring case and accents")
    func liveSearch() async throws {
        let fixture = try await PresentationFixture()
        let model = await model(fixture)
        #expect(names(model) == ["Écrire", "Reading", "Spanish", "Writing"])
        await model.search(for: "ecr")
        #expect(names(model) == ["Écrire"])
        await model.search(for: "R")
        #expect(names(model) == ["Écrire", "Reading", "Writing"])
        await model.search(for: "zz")
        #expect(names(model).isEmpty)
        await model.search(for: " ")
        #expect(names(model).count == 4)
    }

    @Test("the collection filter narrows the list and combines with the search")
    func collections() async throws {
        let fixture = try await PresentationFixture()
        let model = await model(fixture)
        // Each collection is spelled as the first activity in listing order files it: Écrire before Writing.
        #expect(model.collections == ["Life", "work"])
        await model.choose(collection: "Work")
        #expect(names(model) == ["Écrire", "Writing"])
        await model.search(for: "w")
        #expect(names(model) == ["Writing"])
        await model.choose(collection: nil)
        await model.search(for: "")
        #expect(names(model).count == 4)
    }

    @Test("pinning moves an activity to the pinned section; unpinning moves it back")
    func pinning() async throws {
        let fixture = try await PresentationFixture()
        let model = await model(fixture)
        let spanish = try #require(model.others.first { $0.name == "Spanish" })
        await model.setPinned(spanish, true)
        #expect(model.pinned.map(\.name) == ["Spanish"])
        #expect(model.others.map(\.name) == ["Écrire", "Reading", "Writing"])
        #expect(try await fixture.agent.activities().first?.name == "Spanish")
        await model.setPinned(try #require(model.pinned.first), false)
        #expect(model.pinned.isEmpty)
    }

    @Test("the notes editor shows the selected activity's notes and saves what is typed")
    func notes() async throws {
        let fixture = try await PresentationFixture()
        let model = await model(fixture)
        model.select(model.others.first { $0.name == "Reading" })
        #expect(model.selected?.notes == "Novels")
        await model.saveNotes("Novels, then essays")
        #expect(model.selected?.notes == "Novels, then essays")
        let stored = try await fixture.agent.activities().first { $0.name == "Reading" }
        #expect(stored?.notes == "Novels, then essays")
    }

    @Test("removing an activity takes it off the list and closes its notes")
    func remove() async throws {
        let fixture = try await PresentationFixture()
        let model = await model(fixture)
        let spanish = try #require(model.others.first { $0.name == "Spanish" })
        model.select(spanish)
        await model.remove(spanish)
        #expect(names(model) == ["Écrire", "Reading", "Writing"])
        #expect(model.selected == nil)
    }

    @Test("a refused add shows the store's words and changes nothing")
    func refusals() async throws {
        let fixture = try await PresentationFixture()
        let model = await model(fixture)
        await model.add(name: " writing ", collection: nil)
        #expect(model.message?.text == "an activity named 'writing' already exists (names ignore case): choose another name")
        await model.add(name: "   ", collection: nil)
        #expect(model.message?.text == "an activity needs a name: use 1 to 100 characters")
        #expect(try await fixture.agent.activities().count == 4)
        await model.add(name: "Chess", collection: "Life")
        #expect(model.message == nil)
        #expect(names(model).contains("Chess"))
    }
}
