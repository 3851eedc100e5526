import Foundation

/// The presence sources the agent can watch on this desktop, built by factories per bus or display.
public enum PresenceSources {}
