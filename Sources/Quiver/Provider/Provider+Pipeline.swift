import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The path every request takes: build → (prepare → check → willSend → transport → validation →
/// didReceive), repeated while a retry is asked for → process. The body is encoded once per
/// request: every attempt sends the same bytes.
///
/// A request in flight holds the task frames of every function between the call and the transport
/// while it waits, and an asynchronous function's frame has room for every value of every step the
/// optimizer folds into it, all at once. So the steps that end before the wait (building, preparing
/// an attempt, sharing a tracked request) and after it (validation) are functions of their own,
/// `@inline(never)` where the optimizer folded them into a waiting frame. Read from the release
/// build's async function pointers, the frames a request waits in came to 3,552 bytes for a target
/// type of the app's own (were 4,816) and 4,096 for a `MultiTarget` (were 6,544).
extension Provider {
    /// Requests `target`, reporting transfer progress to `progress`.
    func result(for target: Target, progress: (@Sendable (ProgressResponse) -> Void)? = nil) async -> Result<Response, QuiverError> {
        let pluginTarget = target.unwrapped
        // Most requests have no minimum duration: they neither read the clock nor wait.
        let minimum = minimumDuration(for: pluginTarget)
        let start = minimum == nil ? nil : DispatchTime.now()
        var result: Result<Response, QuiverError>
        let endpoint = endpointClosure(target)
        do {
            let built = try await request(for: endpoint, of: target, as: pluginTarget)
            if let inflight, built.download == nil, built.bodySource == nil, progress == nil,
               HTTPCache.storedResponseHandler == nil,
               let key = InflightRequests.key(for: built.urlRequest) {
                result = await sharedResult(of: key, in: inflight, target: target, pluginTarget: pluginTarget,
                                            endpoint: endpoint, built: built)
            } else {
                result = await perform(target, pluginTarget: pluginTarget, endpoint: endpoint,
                                       built: consume built, progress: progress)
            }
        } catch {
            result = .failure(error)
        }
        if !plugins.isEmpty {
            result = await processed(result, for: pluginTarget)
        }
        guard let minimum, let start else { return result }
        return await holding(result, atLeast: minimum, since: start)
    }

    /// The outcome of the request `key` names, sent once for every caller asking for it at the
    /// same time (``Provider/trackInflights``).
    // Out of line (see the extension's comment): folded in, it took 288 bytes of the waiting
    // frames of a `MultiTarget` request.
    @inline(never)
    private func sharedResult(of key: String, in inflight: InflightRequests, target: Target,
                              pluginTarget: any TargetType, endpoint: Endpoint,
                              built: BuiltRequest) async -> Result<Response, QuiverError> {
        await inflight.outcome(for: key) { [built] in
            await self.perform(target, pluginTarget: pluginTarget, endpoint: endpoint, built: built, progress: nil)
        }
    }

    /// `result` after every plugin's `process`: a frame of its own, taken only once the request
    /// is over, so that the frame that waits for the response has no room for these steps.
    private func processed(_ result: consuming Result<Response, QuiverError>, for pluginTarget: any TargetType) async
        -> Result<Response, QuiverError> {
        for plugin in plugins {
            result = await plugin.process(consume result, target: pluginTarget)
        }
        return result
    }

    /// The request for `endpoint` (as the ``requestClosure`` makes it, when there is one), with
    /// `target`'s timeout and cache policy. `pluginTarget` is `target` as plugins see it
    /// (``TargetType/unwrapped``).
    // Out of line (see the extension's comment): folded in, it took 528 bytes of the waiting
    // frames of a `MultiTarget` request.
    @inline(never)
    func request(for endpoint: Endpoint, of target: Target, as pluginTarget: any TargetType) async throws(QuiverError)
        -> BuiltRequest {
        guard let requestClosure else {
            return try builtRequest(for: endpoint, of: target, as: pluginTarget)
        }
        var built = try RequestBuilder.build(endpoint, jsonEncoder: encoder(for: pluginTarget))
        try await built.replaceRequest(using: requestClosure, for: endpoint)
        applyTargetSettings(of: target, as: pluginTarget, to: &built)
        return built
    }

    /// ``request(for:of:as:)`` without a ``requestClosure``, without an asynchronous call.
    private func builtRequest(for endpoint: Endpoint, of target: Target,
                              as pluginTarget: any TargetType) throws(QuiverError) -> BuiltRequest {
        var built = try RequestBuilder.build(endpoint, jsonEncoder: encoder(for: pluginTarget))
        applyTargetSettings(of: target, as: pluginTarget, to: &built)
        return built
    }

    /// `target`'s timeout and cache policy, set on `built`'s request.
    private func applyTargetSettings(of target: Target, as pluginTarget: any TargetType, to built: inout BuiltRequest) {
        if let timeout = target.timeout {
            built.urlRequest.timeoutInterval = timeout
        }
        if adoptions.cachePolicy, let cached = pluginTarget as? any CachePolicyProviding {
            built.urlRequest.cachePolicy = cached.cachePolicy
        }
    }

    /// The deadline the transport enforces: the request's `timeoutInterval` as the plugins left
    /// it, when the target set a timeout or a plugin changed it; otherwise `nil`, the
    /// transport's own default. A limit that is not a positive, finite number of seconds is no
    /// limit of the request's own.
    static func timeout(of request: URLRequest, startingAt startingTimeout: TimeInterval,
                        targetTimeout: TimeInterval?) -> TimeInterval? {
        let interval = request.timeoutInterval
        guard targetTimeout != nil || interval != startingTimeout else { return nil }
        return WaitTime.limit(interval)
    }

    /// The limits on `target`'s response bodies: its own, else the provider's.
    func bodySizeLimits(for target: any TargetType) -> BodySizeLimits {
        guard adoptions.bodySizeLimits else { return bodySizeLimits }
        return (target as? any BodySizeLimitsProviding)?.bodySizeLimits ?? bodySizeLimits
    }

    /// What the transport is handed: the prepared request's head, its one body (the streamed
    /// file, else the request's data), the deadline, for a download a new temporary file
    /// to write to, and the limit on the response body where it goes.
    static func transportRequest(_ request: URLRequest, checked: CheckedRequest, body: BodyFile?,
                                 download: DownloadDestination?, progress: (@Sendable (ProgressResponse) -> Void)?,
                                 timeout: TimeInterval?, limits: BodySizeLimits) throws(QuiverError) -> TransportRequest {
        let url = checked.url
        let sentBody: TransportRequest.Body
        if let body {
            sentBody = .file(body.url)
        } else if let data = checked.body {
            sentBody = .data(data)
        } else if checked.hasBodyStream {
            throw .invalidRequest("\(checked.method) \(url): a plugin set httpBodyStream; "
                                  + "set httpBody, or use a .uploadFile or .multipart task to stream from disk")
        } else {
            sentBody = .none
        }
        return TransportRequest(head: request, url: url, body: sentBody, timeout: timeout,
                                destination: download == nil ? .memory : .file(TemporaryFiles.name("download")),
                                progress: TransportProgress(progress),
                                maximumBodySize: download == nil ? limits.memory : limits.file)
    }

    /// Attempts until one is not retried (``attempts(for:pluginTarget:endpoint:first:send:end:head:)``).
    /// A body streamed from a temporary file lives until the last attempt is over.
    private func perform(_ target: Target, pluginTarget: any TargetType, endpoint: Endpoint,
                         built: consuming BuiltRequest,
                         progress: (@Sendable (ProgressResponse) -> Void)?) async -> Result<Response, QuiverError> {
        let download = built.download
        let body: BodyFile?
        do {
            body = try built.bodySource.map { source throws(QuiverError) in try BodyFile(source) }
        } catch {
            return .failure(error)
        }
        defer { body?.removeIfTemporary() }
        let transport = transport(for: target, endpoint: endpoint)
        let limits = bodySizeLimits(for: pluginTarget)
        // The request is handed over whole, `built` gone: the first attempt's plugins then
        // change the only reference to it.
        let first = built.urlRequest
        _ = consume built
        return await attempts(for: target, pluginTarget: pluginTarget, endpoint: endpoint, first: consume first,
                              send: { request, checked, timeout in
            do throws(QuiverError) {
                let sent = try Self.transportRequest(request, checked: checked, body: body, download: download,
                                                     progress: progress, timeout: timeout, limits: limits)
                return await send(sent, through: transport, target: target, pluginTarget: pluginTarget, download: download)
            } catch {
                return .failure(error)
            }
        }, end: { result, kept in
            attemptDidEnd(result, kept: kept, target: pluginTarget)
            // A success is never tried again: no asynchronous call to find that out.
            return Self.isFinished(result)
        }, head: { $0 })
    }

    /// One attempt through the transport, validated; a download is put at its destination.
    private func send(_ request: TransportRequest, through transport: any HTTPTransport, target: Target,
                      pluginTarget: any TargetType, download: DownloadDestination?) async -> Result<Response, QuiverError> {
        let response: Response
        do {
            if let cache {
                response = try await cache.exchange(request, rule: cacheRule(for: pluginTarget), through: transport)
            } else {
                response = try await transport.send(request)
            }
        } catch {
            return .failure(Self.failure(of: request, error))
        }
        return validated(response, of: request, target: target, pluginTarget: pluginTarget, download: download)
    }

    /// Why `request` failed in the transport; its temporary download file removed.
    private static func failure(of request: TransportRequest, _ error: any Error) -> QuiverError {
        if case .file(let file) = request.destination {
            TemporaryFiles.remove(file)
        }
        return QuiverError(transportError: error).naming(request.head, limit: request.timeout)
    }

    /// `response` to `request`, validated by `target`; a download put at its destination.
    // Out of line (see the extension's comment): folded in, it took 112 bytes of the waiting
    // frames of a `MultiTarget` request.
    @inline(never)
    private func validated(_ response: consuming Response, of request: TransportRequest, target: Target,
                           pluginTarget: any TargetType, download: DownloadDestination?) -> Result<Response, QuiverError> {
        if response.request == nil {
            // A transport of the user's own has no URLRequest to name: the one that was sent.
            response.request = request.head
        }
        if case .file(let file) = request.destination, response.fileURL != file {
            // The transport kept the body elsewhere, or (breaking the contract) in memory.
            TemporaryFiles.remove(file)
        }
        guard target.validationType.accepts(response.statusCode) else {
            if response.fileURL != nil {
                response = DownloadFinisher.discard(response)
            }
            return .failure(.statusCode(response.explained(by: pluginTarget, decoder: decoder(for: pluginTarget))))
        }
        if let download {
            guard response.fileURL != nil else {
                return .failure(.transport(TransportContractViolation.downloadNotInFile, response))
            }
            return DownloadFinisher.finish(response, at: download)
        }
        return .success(response)
    }
}
