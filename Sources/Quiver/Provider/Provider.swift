import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs the requests of one target type: builds each request, passes it through the plugins,
/// sends it with the transport (or answers from a stub), validates it and hands back the outcome.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [MyLoggingPlugin()])
/// let user = try await provider.decode(User.self, from: .user("octocat"))
/// ```
///
/// Every request, live or stubbed, takes the same path:
/// `endpointClosure` → request → `prepare` → checks → `willSend` → transport or stub →
/// validation → `didReceive` → (retry: back to `prepare`) → `process` → caller.
public final class Provider<Target: TargetType>: Sendable {
    /// Maps a target to its ``Endpoint``.
    public typealias EndpointClosure = @Sendable (Target) -> Endpoint
    /// Decides whether a target is stubbed.
    public typealias StubClosure = @Sendable (Target) -> StubBehavior
    /// Turns an endpoint into the request the plugins see (Moya's `requestClosure`).
    public typealias RequestClosure = @Sendable (Endpoint) async throws -> URLRequest

    /// Maps each target to its endpoint.
    public let endpointClosure: EndpointClosure
    /// Decides for each target whether it is stubbed.
    public let stubClosure: StubClosure
    /// Sends the requests that are not stubbed.
    public let transport: any HTTPTransport
    /// The plugins, in the order they run.
    public let plugins: [any PluginType]
    /// Where completion handlers run when a call names no queue; `nil` means a global queue.
    public let callbackQueue: DispatchQueue?
    /// The decoder for bodies when neither the call nor the target names one; `nil` means a
    /// plain `JSONDecoder`.
    let decoder: JSONDecoder?
    /// When failed requests are sent again, unless the target has a policy of its own.
    let retryPolicy: RetryPolicy
    /// Shares identical `GET` requests in flight, when the provider tracks them.
    let inflight: InflightRequests?
    /// Each plugin as an ``AttemptObserving`` plugin, or `nil` where it is not one; `nil` when
    /// none is. Found once, here, as ``headersStayChecked`` is, rather than by a cast per plugin
    /// on every attempt (about 0.2 µs each with a stubbed transport).
    let attemptObservers: [(any AttemptObserving)?]?
    /// Replaces the request-building step, when set; see ``init(endpointClosure:stubClosure:transport:plugins:callbackQueue:decoder:retryPolicy:trackInflights:requestClosure:minimumDuration:encoder:bodySizeLimits:cache:)``.
    public let requestClosure: RequestClosure?
    /// The shortest time, in seconds, between the start of a request and the delivery of its
    /// success, unless the target has its own (``MinimumDurationProviding``); `nil` delivers at once.
    let minimumDuration: TimeInterval?
    /// The encoder for `.json` bodies when neither the task nor the target
    /// (``EncoderProviding``) names one; `nil` means a `JSONEncoder` with sorted keys.
    let encoder: JSONEncoder?
    /// How large response bodies may grow, for targets that don't adopt
    /// ``BodySizeLimitsProviding``: see ``BodySizeLimits``.
    let bodySizeLimits: BodySizeLimits
    /// Answers requests from stored responses and keeps new ones, when the provider has one.
    public let cache: HTTPCache?
    /// Which optional protocols the targets may adopt: asked of a request's target only when
    /// its type may adopt them.
    let adoptions: TargetAdoptions
    /// Whether every header field of a prepared request was checked where it was written (no
    /// plugin and no ``requestClosure`` may have written any since).
    let headersStayChecked: Bool
    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - endpointClosure: Maps each target to its endpoint. Defaults to
    ///     ``defaultEndpointMapping(for:)``.
    ///   - stubClosure: Decides for each target whether it is stubbed. Defaults to ``neverStub(_:)``.
    ///   - transport: Sends the requests. Defaults to a ``URLSessionTransport``.
    ///   - plugins: The plugins, in the order they run.
    ///   - callbackQueue: Where completion handlers of no actor run by default. `nil` (the
    ///     default) runs them on the global concurrent executor, never the main queue. A handler
    ///     written in main-actor code, the top-level code of a `main.swift` included, runs on the
    ///     main actor whatever the queue: a program that blocks its main thread waiting for it
    ///     hangs (Quiver reports the wait on standard error after 5 s).
    ///   - decoder: The decoder for bodies (date and key strategies) when neither the call nor
    ///     the target (``DecoderProviding``) names one. `nil` means a plain `JSONDecoder`.
    ///   - retryPolicy: When failed requests are sent again. Defaults to ``RetryPolicy/none``.
    ///   - trackInflights: Whether identical `GET` requests (same URL and headers) made while one
    ///     is in flight wait for it instead of being sent again, as Moya's `trackInflights`.
    ///     Each caller still gets its own `process` and may be cancelled on its own. Defaults to `false`.
    ///   - requestClosure: Replaces the request-building step (Moya's `requestClosure`), to sign
    ///     or rewrite the whole request before the plugins run: it is handed the endpoint and
    ///     returns the request, usually ``Endpoint/urlRequest()`` changed. It runs for every
    ///     attempt, retries included. A body the task streams from disk and a download's
    ///     destination are kept whatever it returns. An error it throws ends the request with
    ///     ``QuiverError/plugin(_:)`` (a ``QuiverError`` as it is) and nothing is sent. `nil` (the
    ///     default) builds the request from the endpoint.
    ///   - minimumDuration: The shortest time, in seconds, between the start of a request and the
    ///     delivery of its success (CodyFire's `additionalTimeout`); failures and cancellation are
    ///     not delayed. Defaults to `nil`: delivered at once.
    ///   - encoder: The encoder for `.json` bodies (date and key strategies) when neither the
    ///     task nor the target (``EncoderProviding``) names one. `nil` means a `JSONEncoder` with
    ///     sorted keys.
    ///   - bodySizeLimits: How large response bodies may grow, in memory and in download files,
    ///     for targets that don't adopt ``BodySizeLimitsProviding``; a larger one fails with
    ///     ``ResponseTooLarge``. Defaults to ``BodySizeLimits/default``: 64 MiB in memory, no
    ///     limit on downloads.
    ///   - cache: The HTTP cache between the plugins and the transport (``HTTPCache``): fresh
    ///     stored responses answer `GET` requests without sending them, stale ones are
    ///     revalidated, on every transport and in stub mode. Defaults to `nil`: every request is
    ///     sent, as `Cache-Control` says nothing to a provider without a cache.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        transport: any HTTPTransport = URLSessionTransport(),
        plugins: [any PluginType] = [],
        callbackQueue: DispatchQueue? = nil,
        decoder: JSONDecoder? = nil,
        retryPolicy: RetryPolicy = .none,
        trackInflights: Bool = false,
        requestClosure: RequestClosure? = nil,
        minimumDuration: TimeInterval? = nil,
        encoder: JSONEncoder? = nil,
        bodySizeLimits: BodySizeLimits = .default,
        cache: HTTPCache? = nil
    ) {
        self.endpointClosure = endpointClosure
        self.stubClosure = stubClosure
        self.transport = transport
        self.plugins = plugins
        self.callbackQueue = callbackQueue
        self.decoder = decoder
        self.retryPolicy = retryPolicy
        self.inflight = trackInflights ? InflightRequests() : nil
        self.requestClosure = requestClosure
        self.minimumDuration = minimumDuration
        self.encoder = encoder
        self.bodySizeLimits = bodySizeLimits
        self.cache = cache
        self.adoptions = TargetAdoptions(of: Target.self)
        // Without plugins or a request closure, every header field was checked where the
        // request builder wrote it: the check after `prepare` need not read them again.
        self.headersStayChecked = plugins.isEmpty && requestClosure == nil
        let observers = plugins.map { $0 as? any AttemptObserving }
        self.attemptObservers = observers.contains { $0 != nil } ? observers : nil
    }

    /// Whether identical `GET` requests in flight are shared.
    public var trackInflights: Bool { inflight != nil }

    /// Requests `target` and returns its validated response: the call to use when you want the
    /// ``Response`` itself (its status, headers or raw body).
    ///
    /// ```swift
    /// let response = try await provider.response(for: .upload(video)) { report in
    ///     bar.progress = report.progress
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - progress: Called with upload and download progress as bytes move, then once with the
    ///     complete response, all before this method returns; reports arrive in order, and a
    ///     reader that falls behind skips older ones, never the last. Written in main-actor
    ///     code, it runs on the main actor.
    /// - Returns: The validated response.
    /// - Throws: The ``QuiverError`` that ended the request.
    public func response(
        for target: Target,
        @_inheritActorContext progress: (@isolated(any) @Sendable (ProgressResponse) -> Void)? = nil
    ) async throws(QuiverError) -> Response {
        try await result(for: target, reporting: progress, on: callbackQueue).get()
    }

    /// Requests `target` and decodes its JSON body.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - target: The endpoint to request.
    ///   - decoder: The decoder to use; `nil` uses the target's (``DecoderProviding``), else the
    ///     provider's (`Provider(decoder:)`), else a plain `JSONDecoder`.
    /// - Returns: The decoded value.
    /// - Throws: The ``QuiverError`` that ended the request, or ``QuiverError/decoding(_:_:)``.
    public func decode<D: Decodable>(_ type: D.Type, from target: Target, using decoder: JSONDecoder? = nil) async throws(QuiverError) -> D {
        try await response(for: target).decode(type, using: decoder ?? self.decoder(for: target))
    }

    /// The encoder for `target`'s `.json` bodies that name none: its own, else the provider's.
    func encoder(for target: any TargetType) -> JSONEncoder? {
        guard adoptions.encoder else { return encoder }
        return (target as? any EncoderProviding)?.encoder ?? encoder
    }

    /// The decoder for `target`'s bodies: its own, else the provider's.
    func decoder(for target: any TargetType) -> JSONDecoder? {
        guard adoptions.decoder else { return decoder }
        return (target.unwrapped as? any DecoderProviding)?.decoder ?? decoder
    }
}
