import LockOutBreakScreen
import Testing

@Suite("Which monitors get a window")
struct MonitorPlanTests {
    let left = Monitor(id: 1, x: 0, y: 0, width: 640, height: 480)
    let right = Monitor(id: 2, x: 640, y: 0, width: 640, height: 480)

    @Test("at the start every monitor gets a window")
    func start() {
        #expect(MonitorPlan(windows: [], monitors: [left, right]) == MonitorPlan(open: [left, right]))
    }

    @Test("a monitor plugged in during the break gets a window; the others keep theirs")
    func pluggedIn() {
        #expect(MonitorPlan(windows: [left], monitors: [left, right]) == MonitorPlan(open: [right]))
    }

    @Test("an unplugged monitor's window closes")
    func unplugged() {
        #expect(MonitorPlan(windows: [left, right], monitors: [left]) == MonitorPlan(close: [2]))
    }

    @Test("a monitor that moved or changed size gets its window moved, not a second one")
    func moved() {
        let bigger = Monitor(id: 2, x: 640, y: 0, width: 1920, height: 1080)
        #expect(MonitorPlan(windows: [left, right], monitors: [left, bigger]) == MonitorPlan(move: [bigger]))
    }

    @Test("a monitor told twice gets one window")
    func toldTwice() {
        #expect(MonitorPlan(windows: [], monitors: [left, left]) == MonitorPlan(open: [left]))
    }

    @Test("nothing changed, nothing to do")
    func unchanged() {
        #expect(MonitorPlan(windows: [left, right], monitors: [left, right]).isEmpty)
    }

    @Test("the overlay layer where Wayland offers layer-shell; a full-screen window above the others elsewhere")
    func placement() {
        #expect(WindowPlacement.choose(wayland: true, layerShell: true) == .overlayLayer)
        #expect(WindowPlacement.choose(wayland: true, layerShell: false) == .fullScreenAbove)
        #expect(WindowPlacement.choose(wayland: false, layerShell: false) == .fullScreenAbove)
        #expect(WindowPlacement.caveat(wayland: true, layerShell: false) != nil)
        #expect(WindowPlacement.caveat(wayland: false, layerShell: false) == nil)
        #expect(WindowPlacement.caveat(wayland: true, layerShell: true) == nil)
    }
}
