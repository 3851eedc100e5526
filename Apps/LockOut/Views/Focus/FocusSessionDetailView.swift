import LockOutCore
import LockOutPresentation
import SwiftUI

/// One focus segment in full (seed 001's session detail): activity, mode and segment, planned and actual
/// length, start and end (with the time zone it ran in when it is not this device's), outcome and id.
struct FocusSessionDetailView: View {
    let model: FocusHistoryModel

    var body: some View {
        NavigationStack {
            Form {
                if let detail = model.detail {
                    row(Text("Activity"), detail.activity)
                    row(Text("Mode"), detail.mode)
                    row(Text("Segment"), detail.segment)
                    row(Text("Planned"), detail.planned)
                    row(Text("Actual"), detail.actual)
                    row(Text("Started"), detail.startedAt)
                    row(Text("Ended"), detail.endedAt)
                    row(Text("Outcome"), detail.outcome)
                    LabeledContent {
                        Text(verbatim: detail.id)
                            .font(.caption.monospaced())
                            .textSelection(.enabled)
                    } label: {
                        Text("Session")
                    }
                }
                if let message = model.message {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("sessionDetail.message")
                }
            }
            .navigationTitle(Text("Session"))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { model.closeDetail() }
                        .accessibilityIdentifier("sessionDetail.done")
                }
            }
        }
    }

    private func row(_ title: Text, _ value: String) -> some View {
        LabeledContent {
            Text(verbatim: value)
        } label: {
            title
        }
    }
}

#Preview("A session") {
    let model = FocusHistoryModel(agent: PreviewRuntime.agent(.focusRunning))
    FocusSessionDetailView(model: model)
        .task {
            await model.refresh()
            if let first = model.sessions.first { await model.show(first.id) }
        }
}

#Preview("Unknown session") {
    let model = FocusHistoryModel(agent: PreviewRuntime.agent(.fresh))
    FocusSessionDetailView(model: model)
        .task { await model.show("not-a-session") }
}
