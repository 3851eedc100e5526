#if os(macOS)
    import AppKit
    import Foundation

    /// Told whether another app is in full screen (a game, a presentation, a film), so breaks can wait until it is
    /// not (seed 000's full-screen detection on macOS).
    ///
    /// The app's composition hands the fact to the runtime (`DeviceAgent.setBreaksDeferred(_:)`, the break engine's
    /// hold), so breaks that fall due meanwhile come back together once the screen is shared again.
    @MainActor
    protocol FullScreenObserving: AnyObject {
        /// Another app became the active app in full screen (`true`), or the active app no longer is one (`false`).
        func otherAppFullScreenChanged(_ isFullScreen: Bool)
    }

    /// Watches app activations on `NSWorkspace`'s own notification center, without polling, and reads on every
    /// activation whether the active app's presentation is full screen; it tells its observer only when that
    /// changes.
    ///
    /// A switch of Space is watched too: an app that enters or leaves full screen moves to or from a Space of its
    /// own without another app being activated.
    ///
    /// ```
    ///   didActivateApplication / activeSpaceDidChange ──► active app is not LockOut
    ///                                                     && currentSystemPresentationOptions contains .fullScreen
    ///                                                     ── changed? ──► otherAppFullScreenChanged(_:)
    /// ```
    @MainActor
    final class FullScreenDeferral {
        private weak var observer: (any FullScreenObserving)?
        private var tokens: [any NSObjectProtocol] = []
        /// What the observer was told last; nil before the first reading.
        private var reported: Bool?

        init(observer: any FullScreenObserving) {
            self.observer = observer
        }

        /// Starts watching and tells the observer how things stand now; starting again does nothing.
        func start() {
            guard tokens.isEmpty else { return }
            let center = NSWorkspace.shared.notificationCenter
            let names = [NSWorkspace.didActivateApplicationNotification, NSWorkspace.activeSpaceDidChangeNotification]
            for name in names {
                let token = center.addObserver(forName: name, object: nil, queue: .main) { [weak self] _ in
                    MainActor.assumeIsolated { self?.check() }
                }
                tokens.append(token)
            }
            check()
        }

        /// Stops watching.
        func stop() {
            let center = NSWorkspace.shared.notificationCenter
            for token in tokens {
                center.removeObserver(token)
            }
            tokens = []
        }

        private func check() {
            let active = NSWorkspace.shared.frontmostApplication
            let isOtherApp = active.map { $0.processIdentifier != ProcessInfo.processInfo.processIdentifier } ?? false
            let isFullScreen = isOtherApp && NSApplication.shared.currentSystemPresentationOptions.contains(.fullScreen)
            guard isFullScreen != reported else { return }
            reported = isFullScreen
            observer?.otherAppFullScreenChanged(isFullScreen)
        }
    }
#endif
