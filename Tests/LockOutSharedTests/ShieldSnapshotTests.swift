import Foundation
import LockOutShared
import Testing

@Suite("ShieldSnapshot: what the monitor and the shield decide from the App Group's snapshot")
struct ShieldSnapshotTests {
    /// 2026-11-23 08:00 UTC.
    private static let t0 = Date(timeIntervalSince1970: 1_795_420_800)

    private static func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    private static let snapshot = ShieldSnapshot(madeAt: t0, periods: [
        .init(selection: ShieldSelectionName.gate, from: .distantPast, until: at(600), title: "Earn", reason: "Locked until 19:00"),
        .init(selection: ShieldSelectionName.gate, from: at(900), until: nil, title: "Earn", reason: "Locked until 19:00"),
        .init(selection: ShieldSelectionName.rewards, from: at(30), until: nil, title: "Closed", reason: "Learn"),
    ])

    @Test("Blocked from a period's start up to, not at, its end; open between periods; blocked on without an end")
    func decision() {
        let gate = ShieldSelectionName.gate
        #expect(Self.snapshot.isBlocked(gate, at: Self.t0))
        #expect(Self.snapshot.isBlocked(gate, at: Self.at(600).addingTimeInterval(-1)))
        #expect(!Self.snapshot.isBlocked(gate, at: Self.at(600)))
        #expect(!Self.snapshot.isBlocked(gate, at: Self.at(899)))
        #expect(Self.snapshot.isBlocked(gate, at: Self.at(900)))
        #expect(Self.snapshot.isBlocked(gate, at: Self.at(90_000)))
        #expect(!Self.snapshot.isBlocked("unknown", at: Self.t0))
    }

    @Test("The block says why and until when; the blocked selections at a moment, sorted")
    func whyAndUntil() {
        #expect(Self.snapshot.block(of: ShieldSelectionName.gate, at: Self.t0)?.until == Self.at(600))
        #expect(Self.snapshot.block(of: ShieldSelectionName.gate, at: Self.t0)?.reason == "Locked until 19:00")
        #expect(Self.snapshot.blockedSelections(at: Self.t0) == ["gate"])
        #expect(Self.snapshot.blockedSelections(at: Self.at(30)) == ["gate", "rewards"])
        #expect(Self.snapshot.blockedSelections(at: Self.at(700)) == ["rewards"])
    }

    @Test("Stored and read back; nothing, garbage or another version reads as no snapshot")
    func storage() throws {
        #expect(ShieldSnapshot.decoded(from: try Self.snapshot.encoded()) == Self.snapshot)
        #expect(ShieldSnapshot.decoded(from: nil) == nil)
        #expect(ShieldSnapshot.decoded(from: Data("{\"version\":".utf8)) == nil)
        let future = ShieldSnapshot(version: 2, madeAt: Self.t0, periods: [])
        #expect(ShieldSnapshot.decoded(from: try future.encoded()) == nil)
    }
}
