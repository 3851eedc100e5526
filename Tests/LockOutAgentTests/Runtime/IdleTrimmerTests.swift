import LockOutAgent
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@Suite("The idle trimmer")
struct IdleTrimmerTests {
    @Test("pages go once, five seconds after the last of a burst of activity; nothing before it is attached")
    func trimsAfterQuiet() {
        let loop = EmbeddedEventLoop()
        let releases = Mutex(0)
        let trimmer = IdleTrimmer { releases.withLock { $0 += 1 } }
        trimmer.noteActivity()
        loop.advanceTime(by: .seconds(10))
        #expect(releases.withLock { $0 } == 0)
        trimmer.attach(to: loop)
        trimmer.noteActivity()
        loop.advanceTime(by: .seconds(4))
        trimmer.noteActivity()
        loop.advanceTime(by: .seconds(4))
        #expect(releases.withLock { $0 } == 0)
        loop.advanceTime(by: .seconds(1))
        #expect(releases.withLock { $0 } == 1)
        loop.advanceTime(by: .seconds(60))
        #expect(releases.withLock { $0 } == 1)
    }
}
