import ActivityKit
import LockOutShared
import SwiftUI
import WidgetKit

/// The focus session's Live Activity.
struct FocusActivityAttributes: ActivityAttributes {
    /// What changes while the session runs.
    struct ContentState: Codable, Hashable {
        var label: String
        var endsAt: Date
    }
}

/// The Lock Screen banner of a focus session.
struct FocusActivityView: View {
    let state: FocusActivityAttributes.ContentState

    var body: some View {
        HStack(spacing: 8) {
            Text(verbatim: state.label)
            Text(state.endsAt, style: .timer)
        }
        .padding(12)
    }
}

#Preview {
    FocusActivityView(state: .init(label: "Focus", endsAt: .distantFuture))
}

/// The widget extension's entry point.
@main
struct LockOutWidgets: WidgetBundle {
    var body: some Widget {
        FocusActivityWidget()
    }
}

/// The Live Activity's configuration.
struct FocusActivityWidget: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: FocusActivityAttributes.self) { context in
            FocusActivityView(state: context.state)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { FocusActivityView(state: context.state) }
            } compactLeading: {
                Text(verbatim: context.state.label)
            } compactTrailing: {
                Text(context.state.endsAt, style: .timer)
            } minimal: {
                Text(context.state.endsAt, style: .timer)
            }
        }
    }
}
