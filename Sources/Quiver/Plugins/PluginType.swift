import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step in a ``Provider``'s pipeline: headers, authentication, logging, metrics, retries of
/// the result.
///
/// For every request the provider calls, in the order the plugins were given:
/// 1. ``prepare(_:target:)`` on each plugin, each seeing the request the previous one returned;
/// 2. ``willSend(_:target:)`` on each plugin, once the request is checked and about to go out;
/// 3. ``didReceive(_:target:)`` on each plugin with the outcome of that attempt;
/// 4. ``process(_:target:)`` on each plugin, each seeing the result the previous one returned.
///
/// `willSend` and `didReceive` come in pairs, once per attempt that reached the transport (a
/// retried request repeats steps 1–3; a plugin that keeps something from one to the other adopts
/// ``AttemptObserving``). `process` sees every outcome once, also a request refused
/// before anything was sent (``QuiverError/invalidRequest(_:)``, ``QuiverError/encoding(_:)``,
/// ``QuiverError/plugin(_:)``).
/// Plugins see the target as written: the wrapped target of a ``MultiTarget``, never the
/// wrapper. Every hook has a default that does nothing, so a plugin implements only what it needs.
///
/// A plugin is shared by concurrent requests, so it is `Sendable`; keep mutable state behind
/// a lock or an actor.
public protocol PluginType: Sendable {
    /// Changes the request before it is sent, for example to add a header.
    ///
    /// The request is handed over (`consuming`): declare the parameter `consuming` too and change
    /// it in place, and no copy is made.
    ///
    /// ```swift
    /// func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
    ///     request.setValue("1", forHTTPHeaderField: "X-Version")
    ///     return request
    /// }
    /// ```
    ///
    /// A plugin written as for Moya (`var request = request`, then changes) works as well; its
    /// first change copies the whole request instead of changing it in place.
    ///
    /// - Parameters:
    ///   - request: The request so far.
    ///   - target: The target being requested.
    /// - Returns: The request to send.
    /// - Throws: Any error to refuse the request; it fails with ``QuiverError/plugin(_:)``
    ///   (a thrown ``QuiverError`` is kept as it is) and nothing is sent.
    func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest

    /// Called just before the request goes to the transport (or the stub).
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    func willSend(_ request: URLRequest, target: any TargetType)

    /// Called with the outcome of each attempt that ``willSend(_:target:)`` announced.
    ///
    /// - Parameters:
    ///   - result: The response, or why the request failed.
    ///   - target: The target that was requested.
    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType)

    /// Changes the outcome before the caller sees it.
    ///
    /// The outcome is handed over (`consuming`), as the request is to ``prepare(_:target:)``:
    /// handing it on unchanged then copies nothing. A plugin that declares the parameter without
    /// `consuming`, as for Moya, works as well.
    ///
    /// - Parameters:
    ///   - result: The outcome so far.
    ///   - target: The target that was requested.
    /// - Returns: The outcome to hand on.
    func process(_ result: consuming Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError>
}

extension PluginType {
    /// Returns `request` unchanged.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest { request }

    /// Does nothing.
    public func willSend(_ request: URLRequest, target: any TargetType) {}

    /// Does nothing.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {}

    /// Returns `result` unchanged.
    public func process(_ result: consuming Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError> {
        result
    }
}
