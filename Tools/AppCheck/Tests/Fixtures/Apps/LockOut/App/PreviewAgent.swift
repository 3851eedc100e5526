import LockOutRuntime

/// The agent previews use.
@MainActor
enum PreviewAgent {
    /// An agent over an in-memory database.
    static var agent: DeviceAgent {
        fatalError("previews only")
    }
}
