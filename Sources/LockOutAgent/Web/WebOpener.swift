import Foundation
import LockOutWeb

/// What `lockout open` does: asks the running agent for a one-time login link to a page, and hands it to
/// the desktop's default browser.
public enum WebOpener {
    /// A link that opens `page` signed in; it works once, within two minutes.
    public static func loginLink(directory: URL, page: WebPage) throws -> String {
        guard let agent = BreakControls.runningAgentClient(directory: directory) else {
            throw WebOpenError.agentNotRunning(directory: directory.path)
        }
        defer { agent.api.shutdown() }
        let login: WebLogin = try agent.send("POST", "/v1/web/login", body: WebLoginRequest(next: page.path))
        return login.url
    }

    /// Opens `url` with `xdg-open` (the desktop's default browser); false when there is no `xdg-open` or it failed.
    public static func openInBrowser(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let opener = PlatformCommand.find("xdg-open", environment: environment) else { return false }
        guard let child = try? ChildProcess(opener, [url], stdout: .null, stderr: .null) else { return false }
        return child.waitUntilExit() == .exit(0)
    }
}

/// Why the web app could not be opened.
public enum WebOpenError: Error, CustomStringConvertible {
    case agentNotRunning(directory: String)
    case unknownPage(String)

    public var description: String {
        switch self {
        case .agentNotRunning(let directory):
            "no agent runs for \(directory): the web app is served by the agent, start it with 'lockout run'"
        case .unknownPage(let name):
            "there is no page '\(name)': choose \(WebPage.allCases.map(\.name).joined(separator: ", "))"
        }
    }
}

extension WebPage {
    /// The page's name on the command line, like `schedule`.
    public var name: String {
        self == .dashboard ? "dashboard" : String(path.dropFirst())
    }

    /// The page named `name` on the command line.
    public init(name: String) throws {
        guard let page = WebPage.allCases.first(where: { $0.name == name.lowercased() }) else { throw WebOpenError.unknownPage(name) }
        self = page
    }
}
