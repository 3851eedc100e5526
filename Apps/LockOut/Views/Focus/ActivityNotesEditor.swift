import Foundation
import LockOutCore
import LockOutPresentation
import SwiftUI

/// The selected activity's notes (seed 001), saved as the person types: each change goes to the model, which
/// keeps them in the database, so they are there after a restart.
struct ActivityNotesEditor: View {
    let model: ActivitiesModel
    let activity: Activity

    @State private var notes: String

    init(model: ActivitiesModel, activity: Activity) {
        self.model = model
        self.activity = activity
        _notes = State(initialValue: activity.notes)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(alignment: .firstTextBaseline) {
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: activity.name)
                        .font(.title2.bold())
                    if let collection = activity.collection {
                        Text(verbatim: collection)
                            .foregroundStyle(.secondary)
                    }
                }
                Spacer()
                Button("Done") { model.select(nil) }
                    .accessibilityIdentifier("activityNotes.done")
            }
            Text("Notes")
                .font(.headline)
            TextEditor(text: $notes)
                .frame(minHeight: 160)
                .accessibilityIdentifier("activityNotes.editor")
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("activityNotes.message")
            }
        }
        .padding(16)
        .onChange(of: notes) { _, text in
            Task { await model.saveNotes(text) }
        }
    }
}

/// Activities for the previews, with fixed ids.
private enum ActivityNotesPreviews {
    static let writing = Activity(
        id: ActivityID(rawValue: UUID(uuidString: "6F1C2E0A-4B7D-4E2B-9A61-3C5D7E8F9A01") ?? UUID()),
        name: "Writing",
        collection: "Work",
        isPinned: true,
        notes: "Chapter 3: the harbour scene. Keep it under 2,000 words."
    )
    static let spanish = Activity(
        id: ActivityID(rawValue: UUID(uuidString: "6F1C2E0A-4B7D-4E2B-9A61-3C5D7E8F9A02") ?? UUID()),
        name: "Spanish"
    )
}

#Preview("With notes") {
    ActivityNotesEditor(
        model: ActivitiesModel(agent: PreviewRuntime.agent(.focusRunning)),
        activity: ActivityNotesPreviews.writing
    )
}

#Preview("No notes yet") {
    ActivityNotesEditor(
        model: ActivitiesModel(agent: PreviewRuntime.agent(.focusRunning)),
        activity: ActivityNotesPreviews.spanish
    )
}
