import Foundation
@testable import LockOutBreakScreen
import Testing

@Suite("Light, dark, motion and the agent's answers")
struct BreakScreenPaletteTests {
    @Test("dark when GTK prefers it, the theme is a dark one, or the desktop's scheme prefers dark")
    func dark() {
        #expect(BreakScreenPalette.choose(preferDark: true, themeName: "Adwaita", colorScheme: nil) == .dark)
        #expect(BreakScreenPalette.choose(preferDark: false, themeName: "Adwaita-dark", colorScheme: nil) == .dark)
        #expect(BreakScreenPalette.choose(preferDark: false, themeName: nil, colorScheme: "prefer-dark") == .dark)
        #expect(BreakScreenPalette.choose(preferDark: false, themeName: "Adwaita", colorScheme: "default") == .light)
    }

    @Test("the web app's colours, as CSS")
    func css() {
        #expect(BreakScreenPalette.dark.background.css == "#0d1117")
        #expect(BreakScreenPalette.light.accent.css == "#0b63c4")
    }

    @Test("the breath swells from 0.72 to 1 over 4 s and back; with animations off it stands still")
    func breath() {
        #expect(abs(BreakScreenPalette.breath(at: 0, animated: true) - 0.72) < 1e-9)
        #expect(abs(BreakScreenPalette.breath(at: 4, animated: true) - 1) < 1e-9)
        #expect(abs(BreakScreenPalette.breath(at: 8, animated: true) - 0.72) < 1e-9)
        #expect(BreakScreenPalette.breath(at: 2, animated: false) == 1)
    }

    @Test("a 2xx answer gives its body")
    func okBody() throws {
        let response = Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)
        #expect(try HTTPAnswer.body(of: response) == Data("{}".utf8))
    }

    @Test("a refusal carries the agent's message")
    func refusal() {
        let response = Data("HTTP/1.1 400 Bad Request\r\n\r\n{\"error\":\"no break is due\"}".utf8)
        #expect(throws: AgentLinkError.refused(status: 400, message: "no break is due")) { try HTTPAnswer.body(of: response) }
    }

    @Test("something that is no HTTP response is unreadable", arguments: ["", "hello\r\n\r\n", "HTTP/1.1 OK\r\n\r\n"])
    func garbage(text: String) {
        #expect(throws: AgentLinkError.self) { try HTTPAnswer.body(of: Data(text.utf8)) }
    }

    @Test("no endpoint file, no link")
    func noEndpoint() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-none-\(UUID())")
        #expect(throws: AgentLinkError.noEndpoint(path: directory.appendingPathComponent("agent.json").path)) {
            try AgentLink(directory: directory)
        }
    }
}
