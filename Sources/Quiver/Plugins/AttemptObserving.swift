import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plugin that keeps something from the moment an attempt is sent until its outcome: the
/// time it started (for a duration metric), a tracing span, or work done on the request that
/// the outcome reuses.
///
/// A provider calls ``startAttempt(for:target:context:)`` on such a plugin where it calls
/// ``PluginType/willSend(_:target:)`` on the others, and hands what it returned to
/// ``didReceive(_:target:attempt:)``, called where the others get
/// ``PluginType/didReceive(_:target:)``: once per attempt, so a retried request pairs each
/// attempt with its own value. The plain hooks of such a plugin are not called by a provider.
/// The ``AttemptContext`` says which attempt it is (a retry, an answer to a `401` challenge) and
/// takes header fields the plugin adds to it, such as a trace context; they are checked as a
/// plugin's `prepare` changes are.
/// For a stream, the outcome is its head (or the failure): a plugin that also adopts
/// ``StreamObserving`` hears the head there first, then in
/// ``StreamObserving/observeStream(_:target:)``, which follows the body.
///
/// ```swift
/// struct DurationPlugin: AttemptObserving {
///     let record: @Sendable (String, Duration) -> Void
///
///     func startAttempt(for request: URLRequest, target: any TargetType,
///                       context: inout AttemptContext) -> ContinuousClock.Instant {
///         .now
///     }
///
///     func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType,
///                     attempt started: ContinuousClock.Instant) {
///         record(target.path, .now - started)
///     }
/// }
/// ```
///
/// ``NetworkLoggerPlugin`` is one: it redacts each request once, and its outcome lines reuse
/// what that taught it.
public protocol AttemptObserving: PluginType {
    /// What the plugin keeps for one attempt.
    associatedtype Attempt: Sendable

    /// Called just before the request goes to the transport (or the stub), instead of
    /// ``PluginType/willSend(_:target:)``.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent, but for the header fields observing plugins
    ///     add to `context`.
    ///   - target: The target being requested.
    ///   - context: Which attempt this is and why it is made; header fields set on it are added
    ///     to the request.
    /// - Returns: What ``didReceive(_:target:attempt:)`` is handed with this attempt's outcome.
    func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Attempt

    /// Called with the outcome of the attempt ``startAttempt(for:target:context:)`` announced, instead of
    /// ``PluginType/didReceive(_:target:)``.
    ///
    /// - Parameters:
    ///   - result: The response, or why the attempt failed.
    ///   - target: The target that was requested.
    ///   - attempt: What ``startAttempt(for:target:context:)`` returned for this attempt.
    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Attempt)
}

extension AttemptObserving {
    /// Opens this plugin's attempt, its value type erased for the provider's list.
    fileprivate func open(_ request: URLRequest, target: any TargetType, context: inout AttemptContext) -> any Sendable {
        startAttempt(for: request, target: target, context: &context)
    }

    /// Closes an attempt ``open(_:target:)`` returned.
    fileprivate func close(_ attempt: any Sendable, with result: Result<Response, QuiverError>, target: any TargetType) {
        // Always this plugin's own value: the provider hands each plugin what it returned.
        guard let attempt = attempt as? Attempt else { return }
        didReceive(result, target: target, attempt: attempt)
    }
}

extension Provider {
    /// Announces an attempt to every plugin, in order: ``AttemptObserving/startAttempt(for:target:context:)``
    /// for the plugins that keep something, ``PluginType/willSend(_:target:)`` for the others,
    /// then adds the header fields the observing plugins set, each checked.
    ///
    /// - Parameters:
    ///   - request: The checked request; it gains the observing plugins' header fields.
    ///   - context: Which attempt it is.
    /// - Returns: What the observing plugins kept, in their order (hand it to
    ///   ``attemptDidEnd(_:kept:target:otherwise:)``), and the ``QuiverError/invalidRequest(_:)``
    ///   an invalid header field of theirs makes, which ends the attempt unsent.
    func attemptWillStart(_ request: inout URLRequest, target: any TargetType, context: AttemptContext)
        -> (kept: [any Sendable], refusal: QuiverError?) {
        guard let attemptObservers else {
            for plugin in plugins {
                plugin.willSend(request, target: target)
            }
            return ([], nil)
        }
        var context = context
        var kept: [any Sendable] = []
        for (plugin, observing) in zip(plugins, attemptObservers) {
            if let observing {
                kept.append(observing.open(request, target: target, context: &context))
            } else {
                plugin.willSend(request, target: target)
            }
        }
        for (name, value) in context.addedFields {
            do throws(QuiverError) {
                try RequestValidator.validate(name, value, method: request.httpMethod ?? "GET",
                                              url: request.url?.absoluteString ?? "(no URL)")
            } catch {
                return (kept, error)
            }
            request.setValue(value, forHTTPHeaderField: name)
        }
        return (kept, nil)
    }

    /// Tells every plugin, in order, how the attempt ``attemptWillStart(_:target:context:)`` announced
    /// ended.
    ///
    /// - Parameters:
    ///   - result: The outcome of the attempt.
    ///   - kept: What ``attemptWillStart(_:target:context:)`` returned.
    ///   - target: The target that was requested.
    ///   - plain: Tells a plugin that keeps nothing, when that is not
    ///     ``PluginType/didReceive(_:target:)`` (a stream tells its observers that it started).
    func attemptDidEnd(_ result: Result<Response, QuiverError>, kept: [any Sendable], target: any TargetType,
                       otherwise plain: ((any PluginType) -> Void)? = nil) {
        var next = kept.startIndex
        for (index, plugin) in plugins.enumerated() {
            if let observing = attemptObservers?[index], next < kept.endIndex {
                observing.close(kept[next], with: result, target: target)
                next += 1
            } else if let plain {
                plain(plugin)
            } else {
                plugin.didReceive(result, target: target)
            }
        }
    }
}
