#if os(iOS)
    import ActivityKit
    import Foundation
    import LockOutShared
    import SwiftUI
    import WidgetKit

    /// The focus session on the Lock Screen, in StandBy and in the Dynamic Island (seed 001's Live Activity).
    ///
    /// It draws the state the app last handed over and counts by itself: the running clock is a system timer
    /// over the state's dates, so the app need not update it every second; while paused the seconds are frozen.
    struct FocusLiveActivityWidget: Widget {
        var body: some WidgetConfiguration {
            ActivityConfiguration(for: FocusActivityAttributes.self) { context in
                FocusLockScreenView(state: context.state)
                    .activitySystemActionForegroundColor(.primary)
            } dynamicIsland: { context in
                DynamicIsland {
                    DynamicIslandExpandedRegion(.leading) {
                        FocusSegmentIcon(state: context.state)
                            .font(.title2)
                            .padding(.leading, 4)
                    }
                    DynamicIslandExpandedRegion(.center) {
                        FocusActivityTitle(state: context.state)
                    }
                    DynamicIslandExpandedRegion(.trailing) {
                        FocusActivityClock(state: context.state)
                            .font(.title2.monospacedDigit())
                            .frame(maxWidth: 96, alignment: .trailing)
                    }
                    DynamicIslandExpandedRegion(.bottom) {
                        FocusActivityDetails(state: context.state)
                    }
                } compactLeading: {
                    FocusSegmentIcon(state: context.state)
                } compactTrailing: {
                    FocusActivityClock(state: context.state)
                        .monospacedDigit()
                        .frame(maxWidth: 56)
                } minimal: {
                    FocusSegmentIcon(state: context.state)
                }
                .keylineTint(context.state.isBreak ? .green : .orange)
            }
        }
    }

    /// The Lock Screen and StandBy presentation: what runs, for which activity, and its clock.
    struct FocusLockScreenView: View {
        let state: FocusActivityState

        var body: some View {
            HStack(alignment: .center, spacing: 12) {
                FocusSegmentIcon(state: state)
                    .font(.title)
                VStack(alignment: .leading, spacing: 4) {
                    FocusActivityTitle(state: state)
                    FocusActivityDetails(state: state)
                }
                Spacer(minLength: 8)
                FocusActivityClock(state: state)
                    .font(.largeTitle.monospacedDigit())
                    .frame(maxWidth: 140, alignment: .trailing)
            }
            .padding(16)
        }
    }

    /// A cup in a pomodoro break, a brain while focusing, tinted by which.
    struct FocusSegmentIcon: View {
        let state: FocusActivityState

        var body: some View {
            Image(systemName: state.isBreak ? "cup.and.saucer.fill" : "brain.head.profile")
                .foregroundStyle(state.isBreak ? Color.green : Color.orange)
                .accessibilityLabel(state.isBreak ? Text("Break") : Text("Focus"))
        }
    }

    /// "Work", "Break" or the mode's name, as Core words it, with "Paused" beside it while paused.
    struct FocusActivityTitle: View {
        let state: FocusActivityState

        var body: some View {
            HStack(spacing: 6) {
                Text(verbatim: state.label)
                    .font(.headline)
                if state.isPaused {
                    Text("Paused")
                        .font(.caption.weight(.semibold))
                        .foregroundStyle(.secondary)
                }
            }
        }
    }

    /// The activity the time is tagged with and, in a pomodoro, the focus rounds done in the cycle.
    struct FocusActivityDetails: View {
        let state: FocusActivityState

        var body: some View {
            VStack(alignment: .leading, spacing: 2) {
                if let activity = state.activity {
                    Text(verbatim: activity)
                        .font(.subheadline)
                        .lineLimit(1)
                }
                if let completed = state.completedCycles, let total = state.totalCycles {
                    Text("\(completed) of \(total) focus rounds done")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
        }
    }

    /// The clock: a system timer over the state's dates while running (down to the end of a countdown, up
    /// from the start of a count-up), the frozen seconds while paused.
    struct FocusActivityClock: View {
        let state: FocusActivityState

        var body: some View {
            if let interval = state.timerInterval {
                Text(timerInterval: interval, countsDown: state.countsDown, showsHours: false)
                    .multilineTextAlignment(.trailing)
            } else {
                Text(verbatim: state.pausedClockText ?? "")
                    .multilineTextAlignment(.trailing)
            }
        }
    }

    /// Content states for the previews, at the previews' fixed "now", Monday 2026-11-23 09:00 UTC.
    private enum FocusActivityPreviewStates {
        /// A 25-minute timer started at 09:00, tagged "Writing".
        static let timer = FocusActivityState(
            mode: "timer", segment: "focus", label: "Timer", activity: "Writing",
            endsAt: Date(timeIntervalSince1970: 1_795_425_900), countingFrom: nil, isPaused: false,
            pausedSeconds: nil, completedCycles: nil, totalCycles: nil
        )
        /// A pomodoro's short break, paused with 3 minutes left, one focus round of four done.
        static let pausedBreak = FocusActivityState(
            mode: "pomodoro", segment: "shortBreak", label: "Break", activity: "Spanish",
            endsAt: nil, countingFrom: nil, isPaused: true,
            pausedSeconds: 180, completedCycles: 1, totalCycles: 4
        )
        /// A stopwatch counting up since 08:30, untagged.
        static let stopwatch = FocusActivityState(
            mode: "stopwatch", segment: "focus", label: "Stopwatch", activity: nil,
            endsAt: nil, countingFrom: Date(timeIntervalSince1970: 1_795_422_600), isPaused: false,
            pausedSeconds: nil, completedCycles: nil, totalCycles: nil
        )
    }

    #Preview("Lock Screen", as: .content, using: FocusActivityAttributes()) {
        FocusLiveActivityWidget()
    } contentStates: {
        FocusActivityPreviewStates.timer
        FocusActivityPreviewStates.pausedBreak
        FocusActivityPreviewStates.stopwatch
    }

    #Preview("Dynamic Island, expanded", as: .dynamicIsland(.expanded), using: FocusActivityAttributes()) {
        FocusLiveActivityWidget()
    } contentStates: {
        FocusActivityPreviewStates.timer
        FocusActivityPreviewStates.pausedBreak
    }

    #Preview("Dynamic Island, compact", as: .dynamicIsland(.compact), using: FocusActivityAttributes()) {
        FocusLiveActivityWidget()
    } contentStates: {
        FocusActivityPreviewStates.timer
        FocusActivityPreviewStates.stopwatch
    }

    #Preview("Dynamic Island, minimal", as: .dynamicIsland(.minimal), using: FocusActivityAttributes()) {
        FocusLiveActivityWidget()
    } contentStates: {
        FocusActivityPreviewStates.pausedBreak
    }
#endif
