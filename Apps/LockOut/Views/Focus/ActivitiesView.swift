import LockOutCore
import LockOutPresentation
import SwiftUI

/// The Activities screen (seed 001): live search, the collection filter, the pinned section on top, each
/// activity's quick actions (notes, pin or unpin, remove), adding one, and the selected activity's notes
/// beside the list in a wide window or in a sheet in a narrow one.
struct ActivitiesView: View {
    let model: ActivitiesModel

    @State private var query: String
    @State private var adding = false

    #if os(iOS)
        @Environment(\.horizontalSizeClass) private var sizeClass
    #endif

    init(model: ActivitiesModel) {
        self.model = model
        _query = State(initialValue: model.search)
    }

    var body: some View {
        Group {
            if twoColumns {
                HStack(spacing: 0) {
                    list
                    Divider()
                    notesPane
                        .frame(minWidth: 280, idealWidth: 360, maxWidth: 480)
                }
            } else {
                list
                    .sheet(item: Binding(get: { model.selected }, set: { model.select($0) })) { activity in
                        ActivityNotesEditor(model: model, activity: activity)
                    }
            }
        }
        .navigationTitle(Text("Activities"))
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    adding = true
                } label: {
                    Label("Add Activity", systemImage: "plus")
                }
                .accessibilityIdentifier("activities.add")
            }
        }
        .sheet(isPresented: $adding) {
            NewActivityForm(model: model)
        }
        .onChange(of: query) { _, text in
            Task { await model.search(for: text) }
        }
        .task { await model.refresh() }
    }

    private var list: some View {
        List {
            Section {
                TextField("Search", text: $query)
                    .accessibilityIdentifier("activities.search")
                Picker(
                    "Collection",
                    selection: Binding(
                        get: { model.collection },
                        set: { collection in Task { await model.choose(collection: collection) } }
                    )
                ) {
                    Text("All collections").tag(String?.none)
                    ForEach(model.collections, id: \.self) { collection in
                        Text(verbatim: collection).tag(Optional(collection))
                    }
                }
                .accessibilityIdentifier("activities.collection")
            }
            if !model.pinned.isEmpty {
                Section {
                    ForEach(model.pinned) { activity in
                        ActivityRow(model: model, activity: activity)
                    }
                } header: {
                    Text("Pinned")
                }
            }
            Section {
                ForEach(model.others) { activity in
                    ActivityRow(model: model, activity: activity)
                }
                if model.pinned.isEmpty && model.others.isEmpty {
                    Text("No activities")
                        .foregroundStyle(.secondary)
                }
            } header: {
                Text("Activities")
            }
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("activities.message")
            }
        }
    }

    @ViewBuilder private var notesPane: some View {
        if let selected = model.selected {
            ActivityNotesEditor(model: model, activity: selected)
                .id(selected.id)
        } else {
            Text("Select an activity to see its notes.")
                .foregroundStyle(.secondary)
                .padding(24)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }

    /// Whether the notes show beside the list: Core's focus layout for the window's width class.
    private var twoColumns: Bool {
        #if os(iOS)
            return FocusLayout(width: sizeClass == .regular ? .regular : .compact) == .twoColumns
        #else
            return FocusLayout(width: .regular) == .twoColumns
        #endif
    }
}

/// One activity: its name and collection, a mark when it has notes; tapping shows the notes, and its quick
/// actions pin or unpin it and remove it.
struct ActivityRow: View {
    let model: ActivitiesModel
    let activity: Activity

    var body: some View {
        Button {
            model.select(activity)
        } label: {
            HStack {
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: activity.name)
                    if let collection = activity.collection {
                        Text(verbatim: collection)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
                Spacer()
                if !activity.notes.isEmpty {
                    Image(systemName: "note.text")
                        .foregroundStyle(.secondary)
                        .accessibilityLabel(Text("Has notes"))
                }
                if model.selected?.id == activity.id {
                    Image(systemName: "checkmark")
                }
            }
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityIdentifier("activities.row.\(activity.name)")
        .contextMenu {
            quickActions
        }
        .swipeActions(edge: .trailing) {
            Button(role: .destructive) {
                Task { await model.remove(activity) }
            } label: {
                Label("Remove", systemImage: "trash")
            }
            .accessibilityIdentifier("activities.swipe.remove")
            Button {
                Task { await model.setPinned(activity, !activity.isPinned) }
            } label: {
                pinLabel
            }
            .accessibilityIdentifier("activities.swipe.pin")
        }
    }

    @ViewBuilder private var quickActions: some View {
        Button {
            model.select(activity)
        } label: {
            Label("Notes", systemImage: "note.text")
        }
        .accessibilityIdentifier("activities.menu.notes")
        Button {
            Task { await model.setPinned(activity, !activity.isPinned) }
        } label: {
            pinLabel
        }
        .accessibilityIdentifier("activities.menu.pin")
        Button(role: .destructive) {
            Task { await model.remove(activity) }
        } label: {
            Label("Remove", systemImage: "trash")
        }
        .accessibilityIdentifier("activities.menu.remove")
    }

    @ViewBuilder private var pinLabel: some View {
        if activity.isPinned {
            Label("Unpin", systemImage: "pin.slash")
        } else {
            Label("Pin", systemImage: "pin")
        }
    }
}

/// Adds an activity: its name, a collection to file it under (blank for none) and notes; the engine refuses a
/// bad or taken name in its own words, and the form stays open to fix it.
struct NewActivityForm: View {
    let model: ActivitiesModel

    @Environment(\.dismiss) private var dismiss
    @State private var name = ""
    @State private var collection = ""
    @State private var notes = ""

    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $name)
                    .accessibilityIdentifier("newActivity.name")
                TextField("Collection", text: $collection)
                    .accessibilityIdentifier("newActivity.collection")
                Section {
                    TextEditor(text: $notes)
                        .frame(minHeight: 120)
                        .accessibilityIdentifier("newActivity.notes")
                } header: {
                    Text("Notes")
                }
                if let message = model.message {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("newActivity.message")
                }
            }
            .navigationTitle(Text("New Activity"))
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                        .accessibilityIdentifier("newActivity.cancel")
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Add") {
                        Task {
                            await model.add(name: name, collection: collection, notes: notes)
                            if model.message == nil { dismiss() }
                        }
                    }
                    .accessibilityIdentifier("newActivity.save")
                }
            }
        }
    }
}

#Preview("Activities") {
    NavigationStack {
        ActivitiesView(model: ActivitiesModel(agent: PreviewRuntime.agent(.focusRunning)))
    }
}

#Preview("No activities") {
    NavigationStack {
        ActivitiesView(model: ActivitiesModel(agent: PreviewRuntime.agent(.fresh)))
    }
}

#Preview("Notes open") {
    let model = ActivitiesModel(agent: PreviewRuntime.agent(.focusRunning))
    NavigationStack {
        ActivitiesView(model: model)
    }
    .task {
        await model.refresh()
        model.select(model.pinned.first ?? model.others.first)
    }
}

#Preview("New activity") {
    NewActivityForm(model: ActivitiesModel(agent: PreviewRuntime.agent(.fresh)))
}
