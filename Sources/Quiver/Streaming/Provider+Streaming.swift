import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streamed responses: the pipeline up to the response head, then the body as it arrives.
extension Provider {
    /// The most bytes of a rejected streamed response read for its error body.
    static var streamErrorBodyLimit: Int { 64 << 10 }

    /// Requests `target` and returns as soon as its response head has arrived and passed
    /// validation, with the body still arriving as a ``ResponseStream``.
    ///
    /// The request takes the usual path up to the head: `endpointClosure` → `prepare` → checks →
    /// `willSend` → transport (or stub) → validation → `didReceive` with the head (plugins
    /// adopting ``StreamObserving`` follow the body from there) → `process`. Retries and
    /// credential refresh apply until the head is accepted, never after a byte was handed over.
    /// A rejected status is ``QuiverError/statusCode(_:)`` as usual, with up to 64 KiB of its
    /// body read for ``ErrorBodyDecoding``.
    ///
    /// ```swift
    /// let stream = try await provider.stream(for: .completions(prompt))
    /// for try await delta in stream.decodedEvents(as: Delta.self, until: "[DONE]") {
    ///     print(delta.text, terminator: "")
    /// }
    /// ```
    ///
    /// Limits: the target's ``StreamTimeoutProviding/streamIdleTimeout`` (else 60 seconds, as
    /// URLSession's default request timeout) between chunks, and the request's timeout, when the
    /// target or a plugin set one, on the whole stream: past it, the next read ends the stream
    /// while the body is still arriving, however many chunks wait unread (a body that arrived
    /// whole is read to its end). A stubbed target's sample data is streamed as its
    /// ``StubStreamPacingProviding`` says.
    ///
    /// - Parameter target: The endpoint to request; not a `.download` or a task whose body
    ///   streams from disk (`.uploadFile`, `.multipart`).
    /// - Returns: The head and the body to come.
    /// - Throws: The ``QuiverError`` that ended the request before its body:
    ///   ``QuiverError/transport(_:_:)`` with ``StreamError/streamingNotSupported(transport:)`` when the transport
    ///   cannot stream.
    public func stream(for target: Target) async throws(QuiverError) -> ResponseStream {
        try await stream(for: target, adding: [:])
    }

    /// ``stream(for:)`` with `headers` added to the target's (a reconnection's `Last-Event-ID`).
    func stream(for target: Target, adding headers: [String: String]) async throws(QuiverError) -> ResponseStream {
        let pluginTarget = target.unwrapped
        var result = await openStream(for: target, pluginTarget: pluginTarget, adding: headers)
        for plugin in plugins {
            let processed = await plugin.process(result.map(\.response), target: pluginTarget)
            if case .failure(let error) = processed {
                if case .success(let stream) = result { stream.cancel() }
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// The attempts up to an accepted head.
    private func openStream(for target: Target, pluginTarget: any TargetType,
                            adding headers: [String: String]) async -> Result<ResponseStream, QuiverError> {
        let endpoint = headers.isEmpty ? endpointClosure(target) : endpointClosure(target).adding(newHTTPHeaderFields: headers)
        let built: BuiltRequest
        do {
            built = try await request(for: endpoint, of: target, as: pluginTarget)
        } catch {
            return .failure(error)
        }
        guard built.download == nil, built.bodySource == nil else {
            return .failure(.invalidRequest("\(built.urlRequest.httpMethod ?? "GET") \(built.urlRequest.url?.absoluteString ?? "?"): "
                                            + "a streamed response takes no .download, .uploadFile or .multipart task"))
        }
        let transport = streamingTransport(for: target, endpoint: endpoint)
        return await attempts(for: target, pluginTarget: pluginTarget, endpoint: endpoint, first: built.urlRequest,
                              send: { request, checked, timeout in
            do throws(QuiverError) {
                let sent = try Self.transportRequest(request, checked: checked, body: nil, download: nil, progress: nil,
                                                     timeout: timeout, limits: bodySizeLimits(for: pluginTarget))
                return await openAttempt(sent, through: transport, target: target, pluginTarget: pluginTarget)
            } catch {
                return .failure(error)
            }
        }, end: { result, kept in
            switch result {
            case .success(let stream):
                // A stream observer is handed the head instead of `didReceive` (one that observes
                // attempts heard it there too), and follows the body from here, in plugin order.
                attemptDidEnd(.success(stream.response), kept: kept, target: pluginTarget) { plugin in
                    if !(plugin is any StreamObserving) {
                        plugin.didReceive(.success(stream.response), target: pluginTarget)
                    }
                }
                var observations: [StreamObservation] = []
                for case let observing as any StreamObserving in plugins {
                    if let observation = observing.observeStream(stream.response, target: pluginTarget) {
                        observations.append(observation)
                    }
                }
                stream.channel.observe(observations)
                return true
            case .failure(let error):
                attemptDidEnd(.failure(error), kept: kept, target: pluginTarget)
                return false
            }
        }, head: \.response)
    }

    /// One attempt: the head from the transport, its limits set, validated.
    private func openAttempt(_ request: TransportRequest, through transport: any HTTPTransport, target: Target,
                             pluginTarget: any TargetType) async -> Result<ResponseStream, QuiverError> {
        let start = DispatchTime.now().uptimeNanoseconds
        var stream: ResponseStream
        do {
            stream = try await transport.stream(request)
        } catch let error as StreamError {
            return .failure(.transport(error, nil))
        } catch {
            return .failure(QuiverError(transportError: error).naming(request.head, limit: request.timeout))
        }
        if stream.response.request == nil {
            stream.response.request = request.head
        }
        stream.response.isStreamHead = true
        stream.decoder = decoder(for: pluginTarget)
        let idle: TimeInterval?
        if let providing = pluginTarget as? any StreamTimeoutProviding {
            idle = providing.streamIdleTimeout
        } else {
            idle = ResponseStream.defaultIdleTimeout
        }
        var endBy: UInt64?
        if let whole = request.timeout {
            endBy = start &+ WaitTime.nanoseconds(of: whole)
        }
        stream.channel.configure(request: request.head,
                                 limits: StreamChannel.Limits(idle: idle, endBy: endBy, whole: request.timeout))
        guard target.validationType.accepts(stream.response.statusCode) else {
            var body = Data()
            do {
                for try await chunk in stream {
                    body.append(chunk.prefix(Self.streamErrorBodyLimit - body.count))
                    if body.count >= Self.streamErrorBodyLimit { break }
                }
            } catch {
                // The error body is a courtesy: the status is the failure.
            }
            stream.cancel()
            var rejected = Response(statusCode: stream.response.statusCode, data: body, request: stream.response.request,
                                    response: stream.response.response)
            rejected.isStubbed = stream.response.isStubbed
            return .failure(.statusCode(rejected.explained(by: pluginTarget, decoder: decoder(for: pluginTarget))))
        }
        return .success(stream)
    }

    /// The stub transport, paced as the target says, for stubbed targets; the provider's
    /// transport for the others.
    private func streamingTransport(for target: Target, endpoint: Endpoint) -> any HTTPTransport {
        let behavior = stubClosure(target)
        guard behavior != .never else { return transport }
        let pacing = (target.unwrapped as? any StubStreamPacingProviding)?.sampleStreamPacing ?? .whole
        return PacedStubTransport(stub: StubTransport(behavior: behavior, sample: endpoint.sample),
                                  pacing: pacing)
    }
}
