import Foundation
import Testing
@testable import LockOutAgent

/// The condition of the tests that talk to a real notification daemon: they run unless
/// `LOCKOUT_SKIP_DESKTOP=1` asks to skip them, and without a desktop they fail, saying what is missing,
/// rather than being skipped without a word.
enum DesktopSession {
    /// Set by a person who wants to run the suite without a desktop; `scripts/test.sh` counts what it skips.
    static var isSkipped: Bool {
        ProcessInfo.processInfo.environment["LOCKOUT_SKIP_DESKTOP"] == "1"
    }

    /// Why a desktop test did not run.
    static let skipReason: Comment = "LOCKOUT_SKIP_DESKTOP=1: needs a notification daemon on a session bus"

    /// Throws unless a notification service answers on the session bus.
    static func require() throws {
        guard FreedesktopNotifier.isAvailable(environment: ProcessInfo.processInfo.environment) else {
            throw Unavailable()
        }
    }

    /// No notification service answered.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String {
            """
            no notification service answers on the session bus: run the tests through scripts/test.sh or \
            scripts/e2e/with-desktop.sh (Debian packages: xvfb dbus-daemon dunst libglib2.0-bin), \
            or set LOCKOUT_SKIP_DESKTOP=1 to skip them
            """
        }
    }
}
