#if os(Linux)
import Foundation
import Logging
import Testing
@testable import LockOutAgent

extension UsageTests {
    /// libxcb and its extension libraries, opened at run time: where one is missing, each X11 user fails its
    /// start naming it, and the agent goes on without that user.
    @Suite("X11 libraries opened at run time")
    struct X11LibrariesTests {
        /// The usual names, but an extension library that no machine has.
        static let missing = XCBLibraries(sync: "libxcb-sync-missing.so.1")
        static let reason = "libxcb-sync-missing.so.1 is not installed"
        /// A display nobody listens at: were the library not looked at first, connecting would fail instead.
        static let environment = ["DISPLAY": ":9999", "XAUTHORITY": "/nonexistent/Xauthority"]

        @Test("a library that is not installed is named")
        func missingLibrary() {
            #expect(throws: X11Error.libraryMissing(Self.reason)) { try Self.missing.functions() }
            #expect("\(X11Error.libraryMissing(Self.reason))" == Self.reason)
        }

        @Test("a library that lacks a function is named with the function")
        func missingFunction() {
            // libxcb itself has none of the SYNC extension's functions.
            let libraries = XCBLibraries(sync: XCBLibraries.standard.xcb)
            #expect(throws: X11Error.libraryMissing("libxcb.so.1 lacks the function xcb_sync_id")) { try libraries.functions() }
        }

        @Test("the libraries under their usual names load, with every function the sensors call")
        func usualNames() throws {
            _ = try XCBLibraries.standard.functions()
        }

        @Test("without the library the presence source is not used, and the watch says why")
        func presenceSaysWhy() {
            let source = X11SyncPresence(environment: Self.environment, libraries: Self.missing, now: { Date() }, logger: Logger(label: "test"))
            let used = PresenceWatch(sources: [source]).start(awayAfter: 60) { _ in }
            #expect(used.watching.isEmpty)
            #expect(used.unavailable == ["x11-sync": Self.reason])
        }

        @Test("without the library the activity sensor, the full-screen watch and the window openings fail their start, naming it")
        func sensorsSayWhy() {
            let logger = Logger(label: "test")
            #expect(throws: X11Error.libraryMissing(Self.reason)) {
                try X11ActivitySensor(environment: Self.environment, libraries: Self.missing, logger: logger)
            }
            #expect(throws: X11Error.libraryMissing(Self.reason)) {
                try X11FullScreenWatch(environment: Self.environment, libraries: Self.missing, logger: logger)
            }
            let openings = X11WindowOpenings(environment: Self.environment, libraries: Self.missing)
            #expect(throws: X11Error.libraryMissing(Self.reason)) {
                try openings.start(onOpened: { _ in }, closed: { _ in })
            }
        }

        @Test("a display that is not local is named as such, not blamed on the X server")
        func remoteDisplay() {
            let environment = ["DISPLAY": "elsewhere:10"]
            let logger = Logger(label: "test")
            #expect(throws: X11Error.noDisplay("elsewhere:10")) { try X11ActivitySensor(environment: environment, logger: logger) }
            #expect(throws: X11Error.noDisplay("elsewhere:10")) { try X11FullScreenWatch(environment: environment, logger: logger) }
            #expect(throws: X11Error.noDisplay("elsewhere:10")) {
                try X11WindowOpenings(environment: environment).start(onOpened: { _ in }, closed: { _ in })
            }
            #expect("\(X11Error.noDisplay("elsewhere:10"))" == "no local X display in DISPLAY=elsewhere:10")
        }

        @Test("with the libraries, a display nobody listens at is refused instead")
        func noServer() {
            #expect(throws: X11Error.refused(reason: X11Connection.reason(1, connecting: true))) {
                try X11Connection(display: X11Display(":9999")!, cookie: nil)
            }
        }
    }
}
#endif
