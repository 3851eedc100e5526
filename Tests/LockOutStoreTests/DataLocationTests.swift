import Foundation
import LockOutStore
import Testing

@Suite("Data location")
struct DataLocationTests {
    @Test("the data directory is $XDG_DATA_HOME/lockout when XDG_DATA_HOME is set")
    func honoursXDGDataHome() {
        let directory = DataLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/data/ada", "HOME": "/home/ada"])

        #expect(directory.path == "/data/ada/lockout")
    }

    @Test("the data directory falls back to $HOME/.local/share/lockout")
    func fallsBackToHome() {
        let directory = DataLocation.defaultDirectory(environment: ["HOME": "/home/ada"])

        #expect(directory.path == "/home/ada/.local/share/lockout")
    }

    @Test("a relative or empty XDG_DATA_HOME is ignored, as the XDG spec says")
    func ignoresRelativeXDGDataHome() {
        for value in ["data", ""] {
            let directory = DataLocation.defaultDirectory(environment: ["XDG_DATA_HOME": value, "HOME": "/home/ada"])

            #expect(directory.path == "/home/ada/.local/share/lockout")
        }
    }

    @Test("the database file is lockout.sqlite inside the data directory")
    func databaseFile() {
        let url = DataLocation.databaseURL(in: URL(fileURLWithPath: "/data/ada/lockout", isDirectory: true))

        #expect(url.path == "/data/ada/lockout/lockout.sqlite")
    }
}
