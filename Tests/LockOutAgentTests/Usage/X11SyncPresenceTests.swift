#if os(Linux)
import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests.PrivateDisplaySuites {
    @Suite("X11 presence from the SYNC idle alarms", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct X11SyncPresenceTests {
        static let now = Date(timeIntervalSince1970: 1_700_000_000)

        @Test("away once no input came for the threshold, dated at the last input; back at the next input; away again")
        func awayAndBack() async throws {
            let display = try await PrivateDisplay()
            try await display.xdotool(["mousemove", "10", "10"])
            let source = X11SyncPresence(environment: display.environment, now: { Self.now })
            #expect(source.name == "x11-sync")
            let told = Inbox<PresenceSignal>()
            try source.start(awayAfter: 1) { told.put($0) }
            defer { source.stop() }

            let away = try #require(await told.next(within: PrivateDisplay.patience))
            #expect(away.away && away.reason == .idle)
            // The counter said at least the threshold had passed since the last input.
            #expect(away.at <= Self.now.addingTimeInterval(-1))
            #expect(away.at > Self.now.addingTimeInterval(-3 * PrivateDisplay.patience))

            try await display.xdotool(["mousemove", "200", "150"])

            let back = try #require(await told.next(within: PrivateDisplay.patience))
            #expect(back.away == false && back.reason == .idle)
            #expect(back.at <= Self.now && back.at > Self.now.addingTimeInterval(-1))

            // Armed again: the next idle second is told too.
            let again = try #require(await told.next(within: PrivateDisplay.patience))
            #expect(again.away)
            // Only the alarms woke it: once each.
            #expect(source.wakes == 3)
        }

        @Test("input that keeps coming neither tells nor wakes the source; away once it stops, at the last input")
        func inputKeepsComing() async throws {
            let display = try await PrivateDisplay()
            try await display.xdotool(["mousemove", "10", "10"])
            let source = X11SyncPresence(environment: display.environment)
            let told = Inbox<PresenceSignal>()
            let inputBegan = Date()
            // Moves every quarter of a second for four seconds, against a threshold of three.
            let moves = (0..<16).flatMap { step in ["mousemove", "\(20 + step * 10)", "\(20 + step * 5)", "sleep", "0.25"] }
            async let moving = display.xdotool(moves)
            try source.start(awayAfter: 3) { told.put($0) }
            defer { source.stop() }
            _ = try await moving

            #expect(told.takeIfPresent() == nil)
            #expect(source.wakes == 0)
            let away = try #require(await told.next(within: PrivateDisplay.patience))
            #expect(away.away)
            #expect(away.at > inputBegan)
            #expect(source.wakes == 1)
        }

        @Test("a desktop already idle past the threshold at start is away at once")
        func alreadyIdle() async throws {
            let display = try await PrivateDisplay()
            let source = X11SyncPresence(environment: display.environment)
            let told = Inbox<PresenceSignal>()

            // A millisecond has passed since the last input by the time the alarm is set: it fires as it is made.
            try source.start(awayAfter: 0.001) { told.put($0) }
            defer { source.stop() }

            #expect(await told.next(within: PrivateDisplay.patience)?.away == true)
        }

        @Test("a display that is not local cannot be watched, and says so")
        func noDisplay() {
            let source = X11SyncPresence(environment: ["DISPLAY": "elsewhere:10"])
            #expect(throws: PresenceSourceError.noDisplay("elsewhere:10")) {
                try source.start(awayAfter: 1) { _ in }
            }
        }
    }
}

extension UsageTests {
    @Suite("The X SYNC extension's replies and events")
    struct X11SyncWireTests {
        @Test("IDLETIME is found among the system counters")
        func idleCounter() throws {
            let reply = Self.counterReply([(2, "SERVERTIME"), (7, "IDLETIME"), (9, "DEVICEIDLETIME 2")])
            let counters = try X11Sync.systemCounters(inReply: reply)
            #expect(counters.map(\.name) == ["SERVERTIME", "IDLETIME", "DEVICEIDLETIME 2"])
            #expect(try X11Sync.idleCounter(in: counters) == 7)
        }

        @Test("a server without IDLETIME is refused, naming the counters it has")
        func missingIdleCounter() throws {
            let counters = try X11Sync.systemCounters(inReply: Self.counterReply([(2, "SERVERTIME")]))
            #expect(throws: PresenceSourceError.missingCounter("IDLETIME", available: ["SERVERTIME"])) {
                try X11Sync.idleCounter(in: counters)
            }
            #expect(
                "\(PresenceSourceError.missingCounter("IDLETIME", available: ["SERVERTIME"]))"
                    == "the X server's SYNC extension has no IDLETIME counter (it has: SERVERTIME)"
            )
        }

        @Test("a reply cut within a counter is malformed, not read past its end")
        func cutReply() {
            let reply = Self.counterReply([(2, "SERVERTIME"), (7, "IDLETIME")])
            #expect(throws: X11Error.self) { try X11Sync.systemCounters(inReply: Array(reply.dropLast(8))) }
        }

        @Test("an AlarmNotify gives its alarm and the counter's 64-bit value; other events are not one")
        func alarmNotify() throws {
            var event = [UInt8](repeating: 0, count: 32)
            event[0] = 0x80 | 84  // sent by another client: the high bit is set
            event[4...7] = [0x05, 0x00, 0x60, 0x00]
            event[8...15] = [0x01, 0x00, 0x00, 0x00, 0x10, 0x27, 0x00, 0x00]  // high 1, low 10_000
            let notify = event.withUnsafeBytes { X11Event($0.baseAddress!, syncFirstEvent: 83) }
            guard case .alarm(let alarm) = notify else {
                Issue.record("not an alarm: \(notify)")
                return
            }
            #expect(alarm.alarm == 0x0060_0005)
            #expect(alarm.counterValue == (1 << 32) + 10_000)
            #expect(event.withUnsafeBytes { X11Event($0.baseAddress!, syncFirstEvent: 90) } == .other(code: 84))
            #expect(event.withUnsafeBytes { X11Event($0.baseAddress!, syncFirstEvent: nil) } == .other(code: 84))
        }

        /// A `ListSystemCounters` reply holding `counters`, each with a resolution of 4 and padded to four bytes,
        /// its numbers in this machine's byte order as libxcb hands replies over.
        static func counterReply(_ counters: [(id: UInt32, name: String)]) -> [UInt8] {
            func bytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
            var body: [UInt8] = []
            for counter in counters {
                let name = Array(counter.name.utf8)
                body += bytes(counter.id) + bytes(Int32(0)) + bytes(UInt32(4)) + bytes(UInt16(name.count)) + name
                body += [UInt8](repeating: 0, count: (4 - (14 + name.count) % 4) % 4)
            }
            let header = [UInt8(1), 0] + bytes(UInt16(3)) + bytes(UInt32(body.count / 4)) + bytes(UInt32(counters.count))
            return header + [UInt8](repeating: 0, count: 20) + body
        }
    }
}
#endif
