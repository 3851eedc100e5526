import ArgumentParser
import Foundation
import LockOutAgent
import LockOutWeb

/// `lockout open [PAGE]`: the web app in the default browser, signed in through a one-time link.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the LockOut web app in your browser, signed in.",
        discussion: "The running agent serves the app on 127.0.0.1. The link works once, within two minutes."
    )
    @OptionGroup var global: GlobalOptions
    @Argument(help: "dashboard, schedule, focus, gate, rewards, family, statistics or settings.") var page: String = "dashboard"
    @Flag(name: .customLong("print"), help: "Print the one-time link instead of opening a browser.") var printOnly = false

    func run() throws {
        let link = try reportingErrors {
            try WebOpener.loginLink(directory: global.directory(), page: try WebPage(name: page))
        }
        if printOnly {
            print(link)
        } else if WebOpener.openInBrowser(link) {
            print("Opened LockOut in your browser.")
        } else {
            print("No browser could be started (xdg-open). Open this link within two minutes; it works once:\n\(link)")
        }
    }
}
