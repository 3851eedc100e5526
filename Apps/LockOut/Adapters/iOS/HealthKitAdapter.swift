#if os(iOS)
    import Foundation
    import HealthKit
    import LockOutCore
    import LockOutRuntime

    /// Apple Health on iPhone: the health gate's source (Core's `HealthReading`) and the observer that wakes the app
    /// when HealthKit saves new steps, energy or exercise.
    ///
    /// Today's totals are HealthKit's cumulative sums over the day Core names, from its start in the runtime's
    /// calendar to the next day's start. HealthKit never says whether reading was allowed (a denied read looks like
    /// no data), so its readouts are unconfirmed: a source that reports nothing at all leaves the gate open, and the
    /// first value it reports confirms it for good.
    final class HealthKitAdapter: HealthReading, @unchecked Sendable {
        // @unchecked: `HKHealthStore` is safe to use from any thread; everything else here is constant.

        /// Why HealthKit could not answer.
        enum Failure: Error, CustomStringConvertible {
            /// The device has no health data (an iPad before iPadOS 17, a Mac).
            case unavailable

            var description: String { String(localized: "Health data is not available on this device") }
        }

        private let store = HKHealthStore()
        private let calendar: Calendar

        /// A source whose days are the runtime's days in `calendar`.
        init(calendar: Calendar) {
            self.calendar = calendar
        }

        /// Asks to read steps, active energy and exercise minutes.
        func requestAuthorization() async throws {
            guard HKHealthStore.isHealthDataAvailable() else { throw Failure.unavailable }
            let types = Set(HealthMetric.allCases.map { Self.type(of: $0) as HKObjectType })
            try await store.requestAuthorization(toShare: [], read: types)
        }

        func readout(for day: LocalDate) async throws -> HealthReadout {
            guard HKHealthStore.isHealthDataAvailable() else { throw Failure.unavailable }
            let span = HKQuery.predicateForSamples(
                withStart: day.start(in: calendar), end: day.adding(days: 1, in: calendar).start(in: calendar),
                options: .strictStartDate
            )
            var totals = HealthTotals(day: day)
            for metric in HealthMetric.allCases {
                let query = HKStatisticsQueryDescriptor(
                    predicate: .quantitySample(type: Self.type(of: metric), predicate: span), options: .cumulativeSum
                )
                do {
                    totals[metric] =
                        try await query.result(for: store)?.sumQuantity()?.doubleValue(for: Self.unit(of: metric)) ?? 0
                } catch let error as HKError where error.code == .errorNoData {
                    totals[metric] = 0
                }
            }
            return HealthReadout(totals: totals, confirmed: false)
        }

        /// Watches the three types and asks HealthKit to wake the app for them (at most hourly): call at every launch,
        /// before launch ends, as neither outlives the process. Each delivery is `deliveries`' to carry out — it waits
        /// for the agent when it comes before the agent has started (the delivery that woke the app) — and HealthKit's
        /// completion handler is called after that, once, always, even when the delivery carries an error.
        func startObserving(deliveries: HealthDeliveries) {
            guard HKHealthStore.isHealthDataAvailable() else { return }
            for metric in HealthMetric.allCases {
                let type = Self.type(of: metric)
                let query = HKObserverQuery(sampleType: type, predicate: nil) { _, completionHandler, error in
                    let completion = Completion(completionHandler)
                    let failed = error != nil
                    Task {
                        defer { completion.call() }
                        guard !failed else { return }
                        await deliveries.deliver()
                    }
                }
                store.execute(query)
                store.enableBackgroundDelivery(for: type, frequency: .hourly) { _, _ in }
            }
        }

        private static func type(of metric: HealthMetric) -> HKQuantityType {
            switch metric {
            case .steps: HKQuantityType(.stepCount)
            case .activeEnergy: HKQuantityType(.activeEnergyBurned)
            case .exerciseMinutes: HKQuantityType(.appleExerciseTime)
            }
        }

        private static func unit(of metric: HealthMetric) -> HKUnit {
            switch metric {
            case .steps: .count()
            case .activeEnergy: .kilocalorie()
            case .exerciseMinutes: .minute()
            }
        }
    }

    /// HealthKit's completion handler for one delivery, carried into the task that answers it.
    private struct Completion: @unchecked Sendable {
        // @unchecked: HealthKit's handler may be called from any thread; it is called once.
        private let handler: () -> Void

        init(_ handler: @escaping () -> Void) {
            self.handler = handler
        }

        func call() { handler() }
    }
#endif
