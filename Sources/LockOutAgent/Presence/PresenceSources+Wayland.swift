#if os(Linux)
import Foundation
import LockOutCore
import Logging

extension PresenceSources {
    /// `wayland-idle`, the compositor's idle notification, when `WAYLAND_DISPLAY` names a compositor; none elsewhere.
    /// It may still throw from `start` when the compositor offers no idle protocol or libwayland-client is missing.
    public static func wayland(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "lockout.presence")
    ) -> [any PresenceSource] {
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return [] }
        return [WaylandIdlePresence(environment: environment, now: now, logger: logger)]
    }
}
#endif
