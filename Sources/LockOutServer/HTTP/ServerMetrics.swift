import Foundation
import Hummingbird
import Prometheus
import Synchronization

/// The server's Prometheus metrics, served at `/metrics`: requests by route and status, their
/// durations, refusals by code, mutations by result, and open event streams.
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    /// Each route, method and status's counter and histogram, made once: the registry's lookup builds the
    /// metric's name and labels every time, which costs a request more than counting does.
    private let requests = Mutex<[RequestKey: (count: Counter, duration: DurationHistogram)]>([:])

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    /// A fresh registry.
    public init() {}

    func request(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let metrics = requests.withLock { requests in
            if let known = requests[key] { return known }
            let made = (
                count: registry.makeCounter(
                    descriptor: .init(namespace: "lockout", metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered"),
                    labels: [("route", route), ("method", method), ("status", String(status))]),
                duration: registry.makeDurationHistogram(
                    descriptor: .init(namespace: "lockout", metricName: "http_request_duration", unitName: "seconds",
                                      helpText: "Time to answer an HTTP request"),
                    labels: [("route", route)],
                    buckets: [.milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(500), .seconds(2)])
            )
            requests[key] = made
            return made
        }
        metrics.count.increment()
        metrics.duration.record(duration)
    }

    func refusal(code: String) {
        registry.makeCounter(descriptor: .init(namespace: "lockout", metricName: "refusals", unitName: "total",
                                               helpText: "Requests refused, by code"), labels: [("code", code)]).increment()
    }

    func mutations(_ status: String, count: Int) {
        guard count > 0 else { return }
        registry.makeCounter(descriptor: .init(namespace: "lockout", metricName: "mutations", unitName: "total",
                                               helpText: "Pushed mutations, by result"), labels: [("result", status)])
            .increment(by: Int64(count))
    }

    func streams(_ count: Int) {
        registry.makeGauge(descriptor: .init(namespace: "lockout", metricName: "event_streams", unitName: "",
                                             helpText: "Open event streams"), labels: []).set(Double(count))
    }

    /// The exposition text.
    func text() -> String { registry.emitToString() }
}
