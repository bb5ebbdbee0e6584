import Instrumentation
import Quiver

/// Writes what a tracer propagates (a `traceparent`, a `tracestate`, …) as header fields of the
/// attempt's request.
struct AttemptContextInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout AttemptContext) {
        carrier.setValue(value, forHTTPHeaderField: key)
    }
}
