import Testing

/// The activity sensors' suites, gathered so `swift test --filter Usage` runs them all.
@Suite("Usage")
struct UsageTests {}
