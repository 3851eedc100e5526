import Foundation
import Testing
import LockOutCore

@Suite("Merging presence sources")
struct PresenceMergerTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test("away from the first source that says so, back when the last one says back")
    func awayUntilEverySourceIsBack() {
        var merger = PresenceMerger()
        #expect(merger.receive(PresenceSignal(away: true, at: at(0), reason: .idle), from: "x11-sync") == .away(since: at(0), reasons: [.idle]))
        #expect(merger.receive(PresenceSignal(away: true, at: at(30), reason: .locked), from: "logind-lock") == nil)
        #expect(merger.awaySince == at(0))
        #expect(merger.receive(PresenceSignal(away: false, at: at(60), reason: .idle), from: "x11-sync") == nil)
        #expect(merger.isAway)
        #expect(merger.receive(PresenceSignal(away: false, at: at(90), reason: .locked), from: "logind-lock") == .back(at: at(90)))
        #expect(!merger.isAway)
    }

    @Test("a repeated away or a back from a source that never said away changes nothing")
    func repeatsAreIgnored() {
        var merger = PresenceMerger()
        #expect(merger.receive(PresenceSignal(away: false, at: at(0), reason: .idle), from: "mutter") == nil)
        #expect(merger.receive(PresenceSignal(away: true, at: at(5), reason: .suspended), from: "logind-sleep") != nil)
        #expect(merger.receive(PresenceSignal(away: true, at: at(9), reason: .suspended), from: "logind-sleep") == nil)
        #expect(merger.awaySince == at(5))
        #expect(merger.receive(PresenceSignal(away: false, at: at(20), reason: .suspended), from: "logind-sleep") == .back(at: at(20)))
    }
}

@Suite("Presence report")
struct PresenceReportTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("the status line names the sources, those not used and why, and the time away")
    func line() {
        let report = PresenceReport(
            watching: ["x11-sync", "logind-sleep"], unavailable: ["mutter": "not a GNOME session"], awaySince: now.addingTimeInterval(-300)
        )
        #expect(report.line(now: now)
            == "Time away: counts as breaks; watched by x11-sync, logind-sleep (not used: mutter — not a GNOME session); away for 5 min")
        #expect(PresenceReport(naturalBreaks: false).line(now: now) == "Time away: does not count as breaks (natural-breaks off)")
        #expect(PresenceReport().line(now: now) == "Time away: counts as breaks; nothing on this desktop tells when you step away")
    }
}
