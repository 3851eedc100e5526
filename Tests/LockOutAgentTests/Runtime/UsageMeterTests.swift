import Foundation
import LockOutAgent
import LockOutCore
import Testing
import LockOutRuntime

/// The meter between the desktop's sensor and the agent: what wakes it and what it writes.
@Suite("Agent: usage meter")
struct UsageMeterTests {
    /// A sensor a test steers: the reading it gives, and the focus changes it tells.
    final class FakeSensor: ActivitySensing, @unchecked Sendable {
        let focusMethod: FocusMethod
        let idleMethod = IdleMethod.none
        private let lock = NSLock()
        private var reading = ActivityReading()
        private var onChange: (@Sendable () -> Void)?
        private(set) var starts = 0

        init(focusMethod: FocusMethod) { self.focusMethod = focusMethod }

        func start(onChange: @escaping @Sendable () -> Void) {
            lock.withLock {
                self.onChange = onChange
                starts += 1
            }
        }

        func read() -> ActivityReading { lock.withLock { reading } }
        func stop() { lock.withLock { onChange = nil } }

        /// These programs run (focus unknown); the sensor tells nobody.
        func running(_ programs: Set<String>) {
            lock.withLock { reading = ActivityReading(runningPrograms: programs) }
        }

        /// Focus moves to `program`, and the sensor tells.
        func focus(_ program: String?) {
            let tell = lock.withLock {
                reading = ActivityReading(focusedProgram: program, idleSeconds: 0)
                return onChange
            }
            tell?()
        }
    }

    final class Writes: @unchecked Sendable {
        private let lock = NSLock()
        private var sessions: [UsageSession] = []
        func add(_ batch: [UsageSession]) { lock.withLock { sessions += batch } }
        var all: [UsageSession] { lock.withLock { sessions } }
    }

    @Test("told of focus: no sensor and no timer until a program is marked; a timer only while a marked program has focus")
    func focusDriven() throws {
        let wall = ManualWallClock(AgentFixture.start)
        let sensor = FakeSensor(focusMethod: .x11)
        let meter = UsageMeter(sensor: sensor, calendar: Calendar(identifier: .gregorian), now: { wall.now })
        let writes = Writes()
        meter.start(categories: [:]) { writes.add($0) }
        #expect(!meter.isReadingOnTimer)
        #expect(sensor.starts == 0)

        meter.update(categories: ["gcompris": .learning])
        #expect(!meter.isReadingOnTimer)  // nothing marked has focus, and focus changes are told
        #expect(sensor.starts == 1)

        sensor.focus("gcompris")
        #expect(meter.isReadingOnTimer)
        #expect(writes.all.map(\.program) == ["gcompris"])

        wall.advance(by: 90)
        sensor.focus("firefox")
        #expect(!meter.isReadingOnTimer)
        #expect(writes.all.last?.activeSeconds == 90)
        meter.stop()
    }

    @Test("with no focus to follow, it looks every 30 s while a program is marked, every 5 s while one runs, never with none marked")
    func processesFallback() {
        let wall = ManualWallClock(AgentFixture.start)
        let sensor = FakeSensor(focusMethod: .processes)
        let meter = UsageMeter(sensor: sensor, calendar: Calendar(identifier: .gregorian), now: { wall.now })
        meter.start(categories: [:]) { _ in }
        #expect(meter.readingInterval == nil)
        meter.update(categories: ["gcompris": .learning])
        #expect(meter.readingInterval == 30)
        sensor.running(["gcompris", "bash"])
        meter.update(categories: ["gcompris": .learning])  // the next reading sees it
        #expect(meter.readingInterval == 5)
        sensor.running(["bash"])
        meter.update(categories: ["gcompris": .learning])
        #expect(meter.readingInterval == 30)
        meter.update(categories: [:])
        #expect(!meter.isReadingOnTimer)
        meter.stop()
    }

    @Test("stopping closes the open session")
    func stopCloses() {
        let wall = ManualWallClock(AgentFixture.start)
        let sensor = FakeSensor(focusMethod: .x11)
        let meter = UsageMeter(sensor: sensor, calendar: Calendar(identifier: .gregorian), now: { wall.now })
        let writes = Writes()
        meter.start(categories: ["gcompris": .learning]) { writes.add($0) }
        sensor.focus("gcompris")
        _ = meter.isReadingOnTimer
        wall.advance(by: 30)
        meter.stop()
        #expect(writes.all.last?.end == AgentFixture.start.addingTimeInterval(30))
        #expect(!meter.isReadingOnTimer)
    }
}
