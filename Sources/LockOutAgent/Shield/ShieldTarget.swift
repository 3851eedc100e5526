/// A program the shield keeps closed: named by its executable, optionally also by a desktop-file id whose
/// `Exec=` program is matched too.
public struct ShieldTarget: Hashable, Sendable {
    /// The executable's file name, such as `firefox` or `steam` (a path is reduced to its last component).
    public let executable: String
    /// A desktop-file id such as `org.mozilla.firefox.desktop`, resolved through the XDG data directories.
    public let desktopFileID: String?

    /// Creates a target for `executable`, and for the program `desktopFileID` launches when given.
    public init(executable: String, desktopFileID: String? = nil) {
        self.executable = ProcFile.basename(executable)
        self.desktopFileID = desktopFileID
    }
}

/// A process the shield stopped: it was sent SIGTERM, and SIGKILL follows 3 s later if it is still alive.
public struct StoppedProcess: Hashable, Sendable {
    /// The process id.
    public let pid: Int32
    /// The name it matched by: its `comm`, the file name of its executable, or of its `argv[0]`.
    public let executable: String
    /// The target it matched.
    public let target: ShieldTarget

    /// Creates the record of a stopped process.
    public init(pid: Int32, executable: String, target: ShieldTarget) {
        self.pid = pid
        self.executable = executable
        self.target = target
    }
}
