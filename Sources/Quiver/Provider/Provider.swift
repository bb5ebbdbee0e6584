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
    public let decoder: JSONDecoder?
    /// When failed requests are sent again, unless the target has a policy of its own.
    public let retryPolicy: RetryPolicy
    /// Shares identical `GET` requests in flight, when the provider tracks them.
    private let inflight: InflightRequests?

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - endpointClosure: Maps each target to its endpoint. Defaults to
    ///     ``defaultEndpointMapping(for:)``.
    ///   - stubClosure: Decides for each target whether it is stubbed. Defaults to ``neverStub(_:)``.
    ///   - transport: Sends the requests. Defaults to a ``URLSessionTransport``.
    ///   - plugins: The plugins, in the order they run.
    ///   - callbackQueue: Where completion handlers run by default. `nil` (the default) runs
    ///     them on a global concurrent queue, never the main queue, so a command-line program
    ///     may wait for them on a semaphore.
    ///   - decoder: The decoder for bodies (date and key strategies) when neither the call nor
    ///     the target (``DecoderProviding``) names one. `nil` means a plain `JSONDecoder`.
    ///   - retryPolicy: When failed requests are sent again. Defaults to ``RetryPolicy/none``.
    ///   - trackInflights: Whether identical `GET` requests (same URL and headers) made while one
    ///     is in flight wait for it instead of being sent again, as Moya's `trackInflights`.
    ///     Each caller still gets its own `process` and may be cancelled on its own. Defaults to `false`.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        transport: any HTTPTransport = URLSessionTransport(),
        plugins: [any PluginType] = [],
        callbackQueue: DispatchQueue? = nil,
        decoder: JSONDecoder? = nil,
        retryPolicy: RetryPolicy = .none,
        trackInflights: Bool = false
    ) {
        self.endpointClosure = endpointClosure
        self.stubClosure = stubClosure
        self.transport = transport
        self.plugins = plugins
        self.callbackQueue = callbackQueue
        self.decoder = decoder
        self.retryPolicy = retryPolicy
        self.inflight = trackInflights ? InflightRequests() : nil
    }

    /// Whether identical `GET` requests in flight are shared.
    public var trackInflights: Bool { inflight != nil }

    /// Requests `target` and returns the response or why it failed.
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: The validated response, or the ``QuiverError`` that ended the request.
    public func result(for target: Target) async -> Result<Response, QuiverError> {
        let pluginTarget = target.unwrapped
        var result: Result<Response, QuiverError>
        let endpoint = endpointClosure(target)
        do {
            let built = try build(endpoint, timeout: target.timeout)
            if let inflight, let key = InflightRequests.key(for: built) {
                result = await inflight.outcome(for: key) {
                    await self.perform(target, pluginTarget: pluginTarget, endpoint: endpoint, built: built)
                }
            } else {
                result = await perform(target, pluginTarget: pluginTarget, endpoint: endpoint, built: built)
            }
        } catch {
            result = .failure(error)
        }
        for plugin in plugins {
            result = await plugin.process(result, target: pluginTarget)
        }
        return result
    }

    /// Requests `target` and returns the response.
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: The validated response.
    /// - Throws: The ``QuiverError`` that ended the request.
    public func response(for target: Target) async throws(QuiverError) -> Response {
        try await result(for: target).get()
    }

    /// Requests `target` and decodes its JSON body.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - target: The endpoint to request.
    ///   - decoder: The decoder to use; `nil` uses the target's (``DecoderProviding``), else the
    ///     provider's ``decoder``, else a plain `JSONDecoder`.
    /// - Returns: The decoded value.
    /// - Throws: The ``QuiverError`` that ended the request, or ``QuiverError/decoding(_:_:)``.
    public func decode<D: Decodable>(_ type: D.Type, from target: Target, using decoder: JSONDecoder? = nil) async throws(QuiverError) -> D {
        try await response(for: target).decode(type, using: decoder ?? self.decoder(for: target))
    }

    /// Requests `target`, decodes its JSON body into `type`'s DTO and converts it.
    ///
    /// - Parameters:
    ///   - type: The application type, made from its ``DTODecodable/DTO``.
    ///   - target: The endpoint to request.
    ///   - decoder: The decoder to use, as for ``decode(_:from:using:)``.
    /// - Returns: The converted value.
    /// - Throws: The ``QuiverError`` that ended the request, or ``QuiverError/decoding(_:_:)``
    ///   when the DTO does not decode or convert.
    public func decode<D: DTODecodable>(_ type: D.Type, from target: Target, using decoder: JSONDecoder? = nil) async throws(QuiverError) -> D {
        try await response(for: target).decode(type, using: decoder ?? self.decoder(for: target))
    }

    /// The decoder for `target`'s bodies: its own, else the provider's.
    func decoder(for target: any TargetType) -> JSONDecoder? {
        (target.unwrapped as? any DecoderProviding)?.decoder ?? decoder
    }

    /// The endpoint's request, with the target's timeout, before plugins.
    private func build(_ endpoint: Endpoint, timeout: TimeInterval?) throws(QuiverError) -> URLRequest {
        var built = try RequestBuilder.build(endpoint)
        if let timeout {
            built.timeoutInterval = timeout
        }
        return built
    }

    /// Attempts until one is not retried: prepare → check → willSend → transport → validation →
    /// didReceive.
    private func perform(_ target: Target, pluginTarget: any TargetType, endpoint: Endpoint,
                         built: URLRequest) async -> Result<Response, QuiverError> {
        let transport = transport(for: target, endpoint: endpoint)
        let policy = (pluginTarget as? any RetryPolicyProviding)?.retryPolicy ?? retryPolicy
        var attempt = 1
        while true {
            let request: URLRequest
            do {
                request = try await prepared(built, for: pluginTarget)
            } catch {
                return .failure(error)
            }
            for plugin in plugins {
                plugin.willSend(request, target: pluginTarget)
            }
            let result = await send(request, through: transport, target: target, pluginTarget: pluginTarget)
            for plugin in plugins {
                plugin.didReceive(result, target: pluginTarget)
            }
            guard case .failure(let error) = result, attempt < RetryPolicy.attemptCeiling else { return result }
            if case .cancelled = error { return result }
            switch await retryDecision(after: result, request: request, pluginTarget: pluginTarget,
                                       attempt: attempt, policy: policy) {
            case .doNotRetry:
                return result
            case .fail(let error):
                return .failure(error)
            case .retry(let delay):
                if delay > 0 {
                    do {
                        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                    } catch {
                        return .failure(.cancelled)
                    }
                }
                attempt += 1
            }
        }
    }

    /// The built request after every plugin's `prepare`, checked.
    private func prepared(_ built: URLRequest, for pluginTarget: any TargetType) async throws(QuiverError) -> URLRequest {
        var request = built
        for plugin in plugins {
            do {
                request = try await plugin.prepare(request, target: pluginTarget)
            } catch {
                throw QuiverError(pluginError: error)
            }
        }
        try RequestValidator.validate(request)
        guard !Task.isCancelled else { throw .cancelled }
        return request
    }

    /// One attempt through the transport, validated.
    private func send(_ request: URLRequest, through transport: any HTTPTransport, target: Target,
                      pluginTarget: any TargetType) async -> Result<Response, QuiverError> {
        let response: Response
        do {
            response = try await transport.send(TransportRequest(urlRequest: request, timeout: target.timeout))
        } catch {
            return .failure(QuiverError(transportError: error))
        }
        guard target.validationType.accepts(response.statusCode) else {
            return .failure(.statusCode(response.explained(by: pluginTarget, decoder: decoder(for: pluginTarget))))
        }
        return .success(response)
    }

    /// The retriers' decision, else the policy's.
    private func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                               pluginTarget: any TargetType, attempt: Int, policy: RetryPolicy) async -> RetryDecision {
        for plugin in plugins {
            guard let retrier = plugin as? any RequestRetrier else { continue }
            let decision = await retrier.retryDecision(after: result, request: request, target: pluginTarget, attempt: attempt)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return policy.delay(after: result, request: request, attempt: attempt).map { .retry(after: $0) } ?? .doNotRetry
    }

    /// The stub transport for stubbed targets, the provider's transport for the others.
    private func transport(for target: Target, endpoint: Endpoint) -> any HTTPTransport {
        switch stubClosure(target) {
        case .never:
            transport
        case let behavior:
            StubTransport(behavior: behavior, sampleResponse: endpoint.sampleResponseClosure)
        }
    }
}
