import Foundation
import Synchronization
import Testing
@testable import LockOutAgent

@Suite("The shield's ticker")
struct ShieldTickerTests {
    @Test("ticks on its own thread every interval, takes a new interval at once, and stops when cancelled")
    func ticks() async throws {
        let ticks = Inbox<Bool>()
        let ticker = ShieldTicker(interval: 3_600) { ticks.put(Thread.isMainThread) }
        #expect(await ticks.next(within: 0.3) == nil)  // an hour away
        ticker.schedule(interval: 0.02)
        #expect(await ticks.next(within: 10) == false)
        #expect(await ticks.next(within: 10) == false)
        ticker.cancel()
        while ticks.takeIfPresent() != nil {}  // the ticks before the cancel
        // A tick already under way when cancel returned may still arrive; none after it.
        var after = 0
        while await ticks.next(within: 0.3) != nil { after += 1 }
        #expect(after <= 1)
    }
}
