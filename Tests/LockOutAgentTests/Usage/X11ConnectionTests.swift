#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

extension UsageTests.PrivateDisplaySuites {
    @Suite("X11 connection through libxcb", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct X11ConnectionTests {
        /// No client made this window: ids of other clients' resources never reach this high.
        static let noWindow: UInt32 = 0x7FFF_FFF0

        @Test("a request about a window that does not exist fails alone, and the connection goes on")
        func requestError() async throws {
            let display = try await PrivateDisplay()
            let connection = try Self.connect(display)

            #expect(throws: X11Error.request(code: 3)) {  // BadWindow
                try connection.selectEvents(on: Self.noWindow, mask: X11Connection.propertyChangeMask)
            }
            #expect(throws: X11Error.request(code: 3)) {
                try connection.cardinals(of: Self.noWindow, property: 1, type: X11Connection.cardinalType, count: 1)
            }

            #expect(try connection.internAtom("_NET_SUPPORTED") != 0)
            try connection.selectEvents(on: connection.root, mask: X11Connection.propertyChangeMask)
            #expect(try connection.takeEvents().allSatisfy { $0 != .other(code: 0) })
        }

        @Test("a server that stops answering fails the request, not holds it")
        func serverStopsAnswering() async throws {
            let display = try await PrivateDisplay()
            let connection = try Self.connect(display, timeoutMilliseconds: 200)
            defer { display.resumeServer() }

            display.pauseServer()

            #expect(throws: X11Error.connection(reason: "no answer within 200 ms")) { try connection.internAtom("_NET_SUPPORTED") }
        }

        private static func connect(_ display: PrivateDisplay, timeoutMilliseconds: Int32 = 2_000) throws -> X11Connection {
            let x11 = try #require(X11Display(":\(display.number)"))
            let cookie = X11AuthorityEntry.cookie(for: x11, environment: display.environment)
            return try X11Connection(display: x11, cookie: cookie, timeoutMilliseconds: timeoutMilliseconds)
        }
    }
}
#endif
