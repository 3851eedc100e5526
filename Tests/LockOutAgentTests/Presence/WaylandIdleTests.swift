import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

@Suite("Wayland presence: which idle protocol, and what its events mean")
struct WaylandIdleTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let seat = WaylandGlobal(name: 9, interface: "wl_seat", version: 7)
    let kde = WaylandGlobal(name: 12, interface: "org_kde_kwin_idle", version: 1)

    @Test("ext-idle-notify at version 2 is bound at 2 for input idle, the KDE protocol beside it unused")
    func inputIdleFirst() throws {
        let globals = [seat, kde, WaylandGlobal(name: 20, interface: "ext_idle_notifier_v1", version: 2)]
        #expect(try WaylandIdleBinding.choose(from: globals) == WaylandIdleBinding(idleProtocol: .extIdleNotifyInput, notifier: 20, version: 2, seat: 9))
    }

    @Test("a notifier newer than version 2 is bound at 2, the highest this agent speaks")
    func newerNotifier() throws {
        let globals = [WaylandGlobal(name: 20, interface: "ext_idle_notifier_v1", version: 5), seat]
        #expect(try WaylandIdleBinding.choose(from: globals) == WaylandIdleBinding(idleProtocol: .extIdleNotifyInput, notifier: 20, version: 2, seat: 9))
    }

    @Test("ext-idle-notify at version 1 is bound at 1: idle inhibitors can hold it back, and the protocol's description says so")
    func versionOne() throws {
        let globals = [seat, kde, WaylandGlobal(name: 20, interface: "ext_idle_notifier_v1", version: 1)]
        let binding = try WaylandIdleBinding.choose(from: globals)
        #expect(binding == WaylandIdleBinding(idleProtocol: .extIdleNotify, notifier: 20, version: 1, seat: 9))
        #expect("\(binding.idleProtocol)".contains("inhibitor"))
    }

    @Test("without ext-idle-notify the KDE protocol is the fallback")
    func kdeFallback() throws {
        #expect(try WaylandIdleBinding.choose(from: [kde, seat]) == WaylandIdleBinding(idleProtocol: .kdeIdle, notifier: 12, version: 1, seat: 9))
    }

    @Test("the first seat announced is the one watched")
    func firstSeat() throws {
        let globals = [seat, kde, WaylandGlobal(name: 30, interface: "wl_seat", version: 7)]
        #expect(try WaylandIdleBinding.choose(from: globals).seat == 9)
    }

    @Test("no idle protocol, or no seat, says which is missing")
    func missing() {
        let output = WaylandGlobal(name: 3, interface: "wl_output", version: 4)
        #expect(throws: WaylandPresenceError.noIdleProtocol) { try WaylandIdleBinding.choose(from: [seat, output]) }
        #expect(throws: WaylandPresenceError.noSeat) { try WaylandIdleBinding.choose(from: [kde, output]) }
        #expect("\(WaylandPresenceError.noIdleProtocol)" == "the Wayland compositor offers neither ext_idle_notifier_v1 nor org_kde_kwin_idle")
    }

    @Test("idled is away since the last input, a threshold ago; resumed is back now")
    func idledAndResumed() throws {
        var tracker = WaylandIdleTracker(threshold: 300)
        #expect(tracker.take(idle: true, now: now) == PresenceSignal(away: true, at: now.addingTimeInterval(-300), reason: .idle))
        #expect(tracker.isAway)
        let later = now.addingTimeInterval(600)
        #expect(tracker.take(idle: false, now: later) == PresenceSignal(away: false, at: later, reason: .idle))
        #expect(!tracker.isAway)
    }

    @Test("a repeated event, or a resumed before any idled, tells nothing")
    func repeated() {
        var tracker = WaylandIdleTracker(threshold: 60)
        #expect(tracker.take(idle: false, now: now) == nil)
        #expect(tracker.take(idle: true, now: now) != nil)
        #expect(tracker.take(idle: true, now: now.addingTimeInterval(5)) == nil)
        #expect(tracker.take(idle: false, now: now.addingTimeInterval(9)) != nil)
        #expect(tracker.take(idle: false, now: now.addingTimeInterval(10)) == nil)
    }

    #if os(Linux)
    @Test("the factory gives wayland-idle only where WAYLAND_DISPLAY names a compositor")
    func factory() {
        #expect(PresenceSources.wayland(environment: [:]).isEmpty)
        #expect(PresenceSources.wayland(environment: ["WAYLAND_DISPLAY": ""]).isEmpty)
        #expect(PresenceSources.wayland(environment: ["WAYLAND_DISPLAY": "wayland-1"]).map(\.name) == ["wayland-idle"])
    }

    @Test("without libwayland-client the start names the library missing")
    func libraryMissing() {
        let source = WaylandIdlePresence(display: "wayland-1", library: "libwayland-client-missing.so.0", now: { Date() }, logger: RecordedLogs().logger)
        #expect(throws: WaylandPresenceError.connection("libwayland-client-missing.so.0 is not installed")) {
            try source.start(awayAfter: 60) { _ in }
        }
    }

    @Test("without a compositor at the socket the start says none answers there")
    func noCompositor() throws {
        let socket = "/tmp/lockout-no-wayland-\(UUID().uuidString.prefix(8))"
        let source = WaylandIdlePresence(display: socket, library: nil, now: { Date() }, logger: RecordedLogs().logger)
        do {
            try source.start(awayAfter: 60) { _ in }
            Issue.record("started with no compositor at \(socket)")
        } catch {
            #expect("\(error)".hasPrefix("no Wayland compositor answers at \(socket): "))
        }
    }
    #endif
}
