import Foundation
import LockOutShared
import Observation
import SwiftUI

/// LockOut for iPhone, iPad and Mac: one window over the device's runtime, and on the Mac a menu bar extra with
/// the countdown. Everything is composed in `AppLaunch`, before the app finishes launching.
@main
struct LockOutApp: App {
    @State private var launch = AppLaunch()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup(id: AppLaunch.mainWindow) {
            LaunchView(environment: launch.environment, failure: launch.failure)
        }
        .onChange(of: scenePhase) { _, phase in
            // Back in the foreground: time went by while the system delivered the plan; plan again.
            guard phase == .active else { return }
            Task { await launch.environment?.replan() }
        }
        #if os(macOS)
            MenuBarExtra {
                if let environment = launch.environment {
                    MenuBarLauncher(model: environment.dashboard)
                }
            } label: {
                Label {
                    Text(verbatim: launch.environment?.dashboard.countdown ?? "LockOut")
                } icon: {
                    Image(systemName: "eye")
                }
            }
            .menuBarExtraStyle(.window)
        #endif
    }
}

/// Composes the app once: the platform adapters (the notification delegate and the background refresh are
/// installed here, before launch ends, as the system requires), then the database in the App Group container and
/// everything over it, then starts the runtime.
@MainActor
@Observable
final class AppLaunch {
    /// The main window's id, which the menu bar's Open LockOut opens.
    static let mainWindow = "main"

    private(set) var environment: AppEnvironment?
    /// Why the app could not start (its database could not be opened), shown instead of the screens.
    private(set) var failure: String?

    init() {
        let system = SystemAdapters()
        system.install { [weak self] in await self?.refreshInBackground() }
        do {
            let environment = try AppEnvironment(directory: Self.dataDirectory(), system: system)
            self.environment = environment
            Task { await environment.start() }
        } catch {
            failure = String(localized: "LockOut could not open its data: \(String(describing: error))")
        }
    }

    private func refreshInBackground() async -> Date? {
        await environment?.refreshInBackground()
    }

    /// The App Group container shared with the extensions, or the app's own Application Support folder where the
    /// group is not provisioned (an unsigned build).
    private static func dataDirectory() throws -> URL {
        if let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: AppGroup.identifier) {
            return group.appending(path: "LockOut", directoryHint: .isDirectory)
        }
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
        )
        return support.appending(path: "LockOut", directoryHint: .isDirectory)
    }
}
