import LockOutCore
import LockOutPresentation
import SwiftUI

/// The gate's goal editors (seed 004): for each goal the model offers, a switch, a stepper over the range and step
/// Core allows, its target as people read it, and the days it applies on. Rows for a list section. A weakening edit
/// is held by the gate while today's goals are unmet: the stepper keeps today's target, and the gate screen says
/// when the change applies.
struct GoalEditorsView: View {
    let model: HealthGateModel

    var body: some View {
        ForEach(model.goalEditors) { editor in
            VStack(alignment: .leading, spacing: 8) {
                Toggle(editor.name, isOn: enabled(editor))
                    .accessibilityIdentifier("goalEditor.\(editor.kind.rawValue).toggle")
                Stepper(value: target(editor), in: editor.range, step: editor.step) {
                    Text(verbatim: editor.targetText).font(.body.monospacedDigit())
                }
                .accessibilityIdentifier(
                    editor.kind == .steps ? "stepGoalStepper" : "goalEditor.\(editor.kind.rawValue).stepper"
                )
                Text(verbatim: editor.days)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            .padding(.vertical, 4)
        }
    }

    /// The goal's switch: on or off through the gate.
    private func enabled(_ editor: GateGoalEditor) -> Binding<Bool> {
        Binding(
            get: { editor.isEnabled },
            set: { isOn in Task { await model.setEnabled(editor.kind, isOn) } }
        )
    }

    /// The goal's stepper: a new target through the gate (which turns the goal on).
    private func target(_ editor: GateGoalEditor) -> Binding<Int> {
        Binding(
            get: { editor.target },
            set: { value in Task { await model.setTarget(editor.kind, value) } }
        )
    }
}

#Preview("Goals") {
    let model = HealthGateModel(agent: PreviewRuntime.agent(.gateLocked))
    List {
        GoalEditorsView(model: model)
    }
    .task { await model.refresh() }
}
