import Foundation
import Testing
import LockOutCore

@Suite("Merging presence: media playing counts as present")
struct PresenceMediaTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)
    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test("while media plays, no input is not time away; once it stops, away from the end of playback")
    func idleWhilePlaying() {
        var merger = PresenceMerger()
        #expect(merger.mediaPlaying(true, at: at(0)) == nil)
        #expect(merger.receive(PresenceSignal(away: true, at: at(10), reason: .idle), from: "x11-sync") == nil)
        #expect(!merger.isAway)
        #expect(merger.mediaPlaying(false, at: at(600)) == .away(since: at(600), reasons: [.idle]))
        #expect(merger.awaySince == at(600))
        #expect(merger.receive(PresenceSignal(away: false, at: at(700), reason: .idle), from: "x11-sync") == .back(at: at(700)))
    }

    @Test("playback starting while away only for want of input brings the person back; a locked screen still counts")
    func playingBringsBack() {
        var merger = PresenceMerger()
        #expect(merger.receive(PresenceSignal(away: true, at: at(0), reason: .idle), from: "mutter") == .away(since: at(0), reasons: [.idle]))
        #expect(merger.mediaPlaying(true, at: at(30)) == .back(at: at(30)))
        #expect(merger.receive(PresenceSignal(away: true, at: at(40), reason: .locked), from: "logind-lock") == .away(since: at(40), reasons: [.locked]))
        #expect(merger.mediaPlaying(false, at: at(50)) == nil)
        #expect(merger.awaySince == at(40))
    }

    @Test("idle that began after playback stopped counts from its own start")
    func laterIdle() {
        var merger = PresenceMerger()
        _ = merger.mediaPlaying(true, at: at(0))
        _ = merger.mediaPlaying(false, at: at(10))
        #expect(merger.receive(PresenceSignal(away: true, at: at(100), reason: .idle), from: "x11-sync") == .away(since: at(100), reasons: [.idle]))
    }
}
