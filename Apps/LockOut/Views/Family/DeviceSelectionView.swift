import LockOutCore
import LockOutPresentation
import SwiftUI

/// Who uses this device (seed 002): a card per mode (parent, child, personal) with what choosing it does, an optional
/// name for the device, and a confirmation before the choice. The texts, the confirmation's question and where the
/// app goes next are the model's; a refusal (a device in a family changing its mode, a bad name) shows in its words.
struct DeviceSelectionView: View {
    let model: DeviceSelectionModel

    @State private var name = ""

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Text(verbatim: model.title)
                    .font(.largeTitle.bold())
                    .multilineTextAlignment(.center)
                    .accessibilityIdentifier("deviceSelection.title")
                ForEach(model.choices) { choice in
                    Button {
                        model.propose(choice.mode)
                    } label: {
                        DeviceTypeCard(choice: choice)
                    }
                    .buttonStyle(.plain)
                    .accessibilityIdentifier("deviceSelection.\(choice.mode.rawValue)")
                }
                TextField("Device name (optional)", text: $name)
                    .textFieldStyle(.roundedBorder)
                    .accessibilityIdentifier("deviceSelection.name")
                if let message = model.message {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("deviceSelection.message")
                }
            }
            .padding(24)
            .frame(maxWidth: 560)
        }
        .confirmationDialog(model.confirmation ?? "", isPresented: confirming, titleVisibility: .visible) {
            Button("Confirm") {
                Task { await model.confirm(name: name.isEmpty ? nil : name) }
            }
            .accessibilityIdentifier("deviceSelection.confirm")
            Button("Cancel", role: .cancel) { model.cancel() }
                .accessibilityIdentifier("deviceSelection.cancel")
        }
        .task { await model.refresh() }
    }

    /// Whether the confirmation shows: while a mode awaits it; dismissing it cancels.
    private var confirming: Binding<Bool> {
        Binding(
            get: { model.pending != nil },
            set: { shown in
                if !shown { model.cancel() }
            }
        )
    }
}

/// One mode's card: its symbol, title and summary, whether it needs Screen Time, and whether it is chosen.
private struct DeviceTypeCard: View {
    let choice: DeviceSelectionScreen.Choice

    var body: some View {
        HStack(alignment: .top, spacing: 16) {
            Image(systemName: Self.symbol(of: choice.mode))
                .font(.system(size: 32))
                .foregroundStyle(.tint)
                .frame(width: 44)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 6) {
                Text(verbatim: choice.title).font(.headline)
                Text(verbatim: choice.summary)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.leading)
                if choice.requiresShieldAuthorization {
                    Label("Asks for Screen Time permission", systemImage: "hourglass")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: 0)
            if choice.selected {
                Image(systemName: "checkmark.circle.fill")
                    .foregroundStyle(.tint)
                    .accessibilityLabel(Text("Chosen"))
            }
        }
        .padding(16)
        .background(.background.secondary, in: RoundedRectangle(cornerRadius: 16))
        .overlay {
            RoundedRectangle(cornerRadius: 16)
                .strokeBorder(choice.selected ? Color.accentColor : Color.clear, lineWidth: 2)
        }
        .contentShape(RoundedRectangle(cornerRadius: 16))
    }

    /// The mode's SF Symbol.
    private static func symbol(of mode: DeviceMode) -> String {
        switch mode {
        case .parentDevice: "person.2.fill"
        case .childDevice: "figure.child"
        case .personalDevice: "person.crop.circle"
        }
    }
}

#Preview("Personal device") {
    DeviceSelectionView(model: DeviceSelectionModel(family: PreviewRuntime.family(.personalDevice)))
}

#Preview("Child device") {
    DeviceSelectionView(model: DeviceSelectionModel(family: PreviewRuntime.family(.childDevice)))
}
