import Foundation
import Testing

@Suite("The first start on a new data directory")
struct FirstStartCLITests {
    /// The commands a status-bar module and a login script start beside the agent.
    static let commands: [[String]] = [["status", "--json"], ["gate", "status"], ["schedule"], ["focus", "status"], ["rewards", "status"]]

    @Test("20 rounds of the agent and five commands started together on a new directory: every one starts and answers")
    func agentAndCommandsTogether() throws {
        for round in 1...20 {
            var cli = try CLIHarness()
            defer { cli.remove() }
            // No desktop: the agent shows notifications in its terminal and measures nothing.
            for name in ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"] { cli.environment.removeValue(forKey: name) }
            let agent = try cli.start(["run"])
            let commands = try Self.commands.map { try cli.start($0) }
            for (command, arguments) in zip(commands, Self.commands) {
                command.endInput()
                let (_, errors) = command.rest()
                let status = command.waitForExit(timeout: 60)
                #expect(status == 0, "round \(round): lockout \(arguments.joined(separator: " ")) exited \(String(describing: status)): \(errors)")
            }
            // The agent logs that it listens once it has opened the database and started; or its stderr ends as it exits.
            guard let started = agent.stderrLines(through: "agent listening"), agent.process.isRunning else {
                let (_, errors) = agent.rest()
                Issue.record("round \(round): the agent exited at its start: \(errors)")
                continue
            }
            #expect(!started.joined().contains("error"), "round \(round): \(started)")
            agent.process.terminate()
            #expect(agent.waitForExit(timeout: 30) == 0, "round \(round): the agent did not stop cleanly")
        }
    }
}
