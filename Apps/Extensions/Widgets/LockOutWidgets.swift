#if os(iOS)
    import SwiftUI
    import WidgetKit

    /// The widget extension's entry point: the focus session's Live Activity.
    @main
    struct LockOutWidgets: WidgetBundle {
        var body: some Widget {
            FocusLiveActivityWidget()
        }
    }
#endif
