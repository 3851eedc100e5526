import Testing

/// The activity sensors' suites, gathered so `swift test --filter Usage` runs them all.
@Suite("Usage")
struct UsageTests {}

extension UsageTests {
    /// The suites that start X servers of their own (Xvfb, openbox, xterms), one test at a time: on a loaded
    /// machine, two private desktops starting at once only make each other late.
    @Suite("On private X displays", .serialized)
    struct PrivateDisplaySuites {}
}
