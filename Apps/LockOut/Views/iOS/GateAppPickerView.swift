#if os(iOS)
    import FamilyControls
    import LockOutShared
    import SwiftUI

    /// Screen Time's app picker for one selection (seed 004): the gate's apps (`ShieldSelectionName.gate`), the
    /// reward apps (`.rewards`) or a learning program's (`.learning(program)`). It starts from the tokens stored for the selection, and hands the new selection to the
    /// Screen Time adapter when the picker closes; the apps chosen show by their names and icons, which only the system
    /// can draw.
    struct GateAppPickerView: View {
        /// The selection's name (``ShieldSelectionName``).
        let selectionName: String
        let screenTime: ScreenTimeAdapter
        /// The button's title where the selection is neither the gate's nor the reward apps' (a learning program's).
        var title: String? = nil

        @State private var selection = FamilyActivitySelection()
        @State private var picking = false
        @State private var failure: String?

        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                Button(buttonTitle) {
                    picking = true
                }
                .accessibilityIdentifier(isGate ? "selectAppsButton" : "rewards.selectAppsButton.\(selectionName)")
                ForEach(Array(selection.applicationTokens), id: \.self) { token in
                    Label(token)
                }
                ForEach(Array(selection.categoryTokens), id: \.self) { token in
                    Label(token)
                }
                ForEach(Array(selection.webDomainTokens), id: \.self) { token in
                    Label(token)
                }
                if let failure {
                    Text(verbatim: failure)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("appPicker.failure")
                }
            }
            .familyActivityPicker(isPresented: $picking, selection: $selection)
            .onChange(of: picking) { _, shown in
                if !shown { keep() }
            }
            .task { selection = screenTime.selection(named: selectionName) }
        }

        /// "Choose apps to lock", "Choose reward apps", or the title given.
        private var buttonTitle: String {
            if let title { return title }
            return isGate ? String(localized: "Choose apps to lock") : String(localized: "Choose reward apps")
        }

        /// Whether this picks the gate's apps.
        private var isGate: Bool { selectionName == ShieldSelectionName.gate }

        /// Hands the selection to the adapter; a failure is shown.
        private func keep() {
            do {
                try screenTime.store(selection, as: selectionName)
                failure = nil
            } catch {
                failure = String(describing: error)
            }
        }
    }

    #Preview("Gate apps") {
        List {
            GateAppPickerView(
                selectionName: ShieldSelectionName.gate, screenTime: ScreenTimeAdapter(calendar: Calendar(identifier: .gregorian))
            )
        }
    }
#endif
