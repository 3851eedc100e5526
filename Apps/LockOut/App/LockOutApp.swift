import Foundation
import LockOutPresentation
import LockOutRuntime
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
                    Text(verbatim: launch.environment?.menuBarCountdown.title ?? MenuBarCountdown.placeholder)
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
        system.install(
            refresh: BackgroundRefreshWork(
                plan: { [weak self] in await self?.replan() },
                sync: { [weak self] budget in await self?.syncFamily(within: budget) }
            ))
        do {
            let environment = try AppEnvironment(directory: Self.dataDirectory(), system: system)
            self.environment = environment
            Task { await environment.start() }
            #if os(macOS)
                // The menu bar's label shows at all times: it counts down by itself, not only while a view refreshes.
                Task { await environment.menuBarCountdown.run() }
            #endif
        } catch {
            failure = String(localized: "LockOut could not open its data: \(String(describing: error))")
        }
    }

    private func replan() async -> Date? {
        await environment?.replan()
    }

    private func syncFamily(within budget: RoundBudget) async {
        await environment?.syncFamily(within: budget)
    }

    /// The app's own Application Support folder: not the App Group container, which the extensions share. The system
    /// ends an app that keeps a file locked in a shared container while it is suspended, and SQLite holds locks in its
    /// database; the extensions never read the database — the app hands them the shield snapshot through the App
    /// Group's defaults — so the database stays where suspension can't cost the app its life.
    private static func dataDirectory() throws -> URL {
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
        )
        return support.appending(path: "LockOut", directoryHint: .isDirectory)
    }
}
