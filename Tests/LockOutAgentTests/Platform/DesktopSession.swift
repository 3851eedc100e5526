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
    static let skipReason: Comment = "LOCKOUT_SKIP_DESKTOP=1: needs an X display, dbus-daemon and dunst"

    /// Throws unless the tests can start their own session bus and dunst on an X display.
    static func require() throws {
        guard PrivateSession.isAvailable else { throw Unavailable() }
    }

    /// The display, dbus-daemon or dunst is missing.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String {
            """
            the desktop tests need an X display, dbus-daemon, dunst and dunstctl: run them through \
            scripts/test.sh or scripts/e2e/with-desktop.sh (Debian packages: xvfb dbus-daemon dunst), \
            or set LOCKOUT_SKIP_DESKTOP=1 to skip them
            """
        }
    }
}
