import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPCache {
    /// Answers `request` from the store, through `transport`, or both (revalidation), and keeps
    /// what may be kept: the one step of a provider with a cache.
    func exchange(_ request: TransportRequest, rule: Rule, through transport: any HTTPTransport) async throws -> Response {
        guard case .memory = request.destination else {
            return try await transport.send(request)
        }
        switch request.method {
        case .get:
            return try await answer(request, rule: rule, through: transport)
        case .head:
            let response = try await transport.send(request)
            freshen(with: response, of: request, cookies: transport.cookieHeader(for: request.url))
            return response
        default:
            let response = try await transport.send(request)
            if CacheInvalidation.invalidates(method: request.method.rawValue, statusCode: response.statusCode) {
                invalidate(after: response, of: request)
            }
            return response
        }
    }

    /// A `GET`: served, revalidated or sent, as the stored response, the request and `rule` say.
    private func answer(_ request: TransportRequest, rule: Rule, through transport: any HTTPTransport) async throws -> Response {
        let fields = Self.fields(of: request, cookies: transport.cookieHeader(for: request.url))
        // A request the caller made conditional itself is the caller's to answer.
        guard !fields.contains(where: { CacheValidation.isPrecondition($0.name) }) else {
            return try await transport.send(request)
        }
        let requestControl = CacheControl(requestFields: fields)
        let key = CacheKey(resource: Self.resource(of: request.url), identity: Self.identity(of: fields))
        let ignoresStored = [.reloadIgnoringLocalCacheData, .reloadIgnoringLocalAndRemoteCacheData].contains(rule.policy)
        let variants = ignoresStored ? [] : store.entries(for: key)
        let stored = CacheVariants.select(from: variants, for: fields)
        guard let stored else {
            if rule.policy == .returnCacheDataDontLoad || requestControl.onlyIfCached {
                return Self.gatewayTimeout(for: request)
            }
            // Other variants of the resource are stored: the server may answer that one of them
            // is right for this request too (§4.3.1, §4.3.4).
            return try await fetch(request, key: key, fields: fields, requestControl: requestControl,
                                   revalidating: variants.isEmpty ? .nothing : .otherVariants(variants),
                                   rule: rule, through: transport)
        }
        let state = CacheFreshness(entry: stored, now: clock())
        let source: Response.Source = state.isFresh ? .cache(age: state.age) : .stale(age: state.age)
        if let show = rule.showStored, let shown = try? served(stored, for: request, source: source) {
            show(shown)
        }
        switch Self.decision(for: state, request: requestControl, policy: rule.policy) {
        case .serve:
            return try served(stored, for: request, source: source, checkingLimit: true)
        case .serveAndRevalidate:
            revalidateInBackground(request, key: key, stored: stored, fields: fields, requestControl: requestControl,
                                   through: transport)
            return try served(stored, for: request, source: .stale(age: state.age), checkingLimit: true)
        case .gatewayTimeout:
            return Self.gatewayTimeout(for: request)
        case .revalidate:
            return try await fetch(request, key: key, fields: fields, requestControl: requestControl,
                                   revalidating: .stored(stored), rule: rule, through: transport)
        }
    }

    /// What to do with a stored response.
    enum Decision: Equatable {
        /// Serve it, sending nothing.
        case serve
        /// Serve it, stale, and revalidate it in the background (`stale-while-revalidate`).
        case serveAndRevalidate
        /// Send the request, conditional on the stored response's validators.
        case revalidate
        /// Answer `504`: the request may not be sent and the stored response may not serve.
        case gatewayTimeout
    }

    /// The decision for a stored response in `state`, the request's directives and the target's
    /// policy (``CachePolicyProviding``).
    static func decision(for state: CacheFreshness, request: CacheControl, policy: URLRequest.CachePolicy) -> Decision {
        switch policy {
        case .returnCacheDataElseLoad:
            return state.mayServeStale ? .serve : .revalidate
        case .returnCacheDataDontLoad:
            return state.mayServeStale ? .serve : .gatewayTimeout
        case .reloadRevalidatingCacheData, .reloadIgnoringLocalCacheData, .reloadIgnoringLocalAndRemoteCacheData:
            return .revalidate
        default:
            break
        }
        if state.satisfies(request) {
            return .serve
        }
        if request.onlyIfCached {
            return .gatewayTimeout
        }
        // Only where the request itself would take a stale response: not one that asks for an
        // age (`max-age`, such as a reload's `max-age=0`) this response is past, or for
        // freshness it has not left (`min-fresh`), or for revalidation (`no-cache`).
        if !request.noCache, request.minFresh == nil, request.maxAge.map({ state.age <= TimeInterval($0) }) ?? true,
           state.isWithinStaleWhileRevalidate {
            return .serveAndRevalidate
        }
        return .revalidate
    }

    /// Sends `request`, conditional on what `revalidation` names, stores what may be stored, and
    /// answers with a stored response when the server confirms it (`304`): updated, stored again
    /// as the variant of this request's fields too, and served. When the network fails or the
    /// server answers `500`, `502`, `503` or `504`, the response stored for this request stands
    /// in where a stale one may.
    private func fetch(_ request: TransportRequest, key: CacheKey, fields: [HTTPHeaderField], requestControl: CacheControl,
                       revalidating revalidation: CacheRevalidation, rule: Rule,
                       through transport: any HTTPTransport) async throws -> Response {
        let conditions = revalidation.conditions
        let sent = conditions.isEmpty ? request : request.adding(conditions)
        let requestTime = clock()
        let response: Response
        do {
            response = try await transport.send(sent)
        } catch {
            if let stored = revalidation.standIn, Self.isNetworkFailure(error),
               let stale = staleStandIn(stored, for: request, requestControl: requestControl, rule: rule) {
                return stale
            }
            throw error
        }
        let responseTime = clock()
        if !conditions.isEmpty, response.statusCode == 304 {
            guard let chosen = CacheValidation.selected(by: response.headerFields, among: revalidation.candidates).first,
                  var updated = CacheValidation.updated(chosen, by: response.headerFields,
                                                        requestTime: requestTime, responseTime: responseTime),
                  let variant = CacheVariants.key(responseFields: updated.headerFields, requestFields: fields) else {
                // The 304 confirms nothing stored that may answer this request (RFC 9111
                // §4.3.4): ask again, plainly.
                return try await fetch(request, key: key, fields: fields, requestControl: requestControl,
                                       revalidating: .nothing, rule: rule, through: transport)
            }
            store.save(updated, for: key)
            if updated.variant != variant {
                updated.variant = variant
                store.save(updated, for: key)
            }
            return try served(updated, for: request, source: .revalidated, checkingLimit: true)
        }
        if let stored = revalidation.standIn, [500, 502, 503, 504].contains(response.statusCode),
           let stale = staleStandIn(stored, for: request, requestControl: requestControl, rule: rule) {
            return stale
        }
        keep(response, of: request, key: key, fields: fields, requestControl: requestControl,
             requestTime: requestTime, responseTime: responseTime)
        return response
    }

    /// Stores `response` when RFC 9111 §3 allows it, and it answers `request`'s own URL, not one
    /// it was redirected to (a stub's sample response may name any URL: it answered this one).
    private func keep(_ response: Response, of request: TransportRequest, key: CacheKey, fields: [HTTPHeaderField],
                      requestControl: CacheControl, requestTime: Date, responseTime: Date) {
        let received = response.headerFields
        guard response.fileURL == nil,
              response.isStubbed || response.responseURL.map({ $0 == request.url || Self.resource(of: $0) == key.resource }) ?? true,
              CacheStorability.mayStore(statusCode: response.statusCode, responseFields: received, request: requestControl),
              let variant = CacheVariants.key(responseFields: received, requestFields: fields) else {
            return
        }
        let entry = CacheEntry(statusCode: response.statusCode, headerFields: CacheValidation.storedFields(of: received),
                               body: response.data, requestTime: requestTime, responseTime: responseTime, variant: variant)
        store.save(entry, for: key)
    }

    /// `stored`, served stale in place of a failure, when its age allows it: the server's
    /// `stale-if-error`, the request's, or the target's ``CachePolicyProviding/staleIfError``.
    private func staleStandIn(_ stored: CacheEntry, for request: TransportRequest, requestControl: CacheControl,
                              rule: Rule) -> Response? {
        let state = CacheFreshness(entry: stored, now: clock())
        guard state.mayServeStale(ifError: requestControl, allowing: rule.staleIfError) else { return nil }
        return try? served(stored, for: request, source: .stale(age: state.age), checkingLimit: true)
    }

    /// Revalidates `stored` in a task of its own, once at a time per key: what
    /// `stale-while-revalidate` allows while the stale response is served.
    private func revalidateInBackground(_ request: TransportRequest, key: CacheKey, stored: CacheEntry,
                                        fields: [HTTPHeaderField], requestControl: CacheControl,
                                        through transport: any HTTPTransport) {
        guard revalidating.withLock({ $0.insert(key).inserted }) else { return }
        Task {
            defer { _ = revalidating.withLock { $0.remove(key) } }
            _ = try? await fetch(request, key: key, fields: fields, requestControl: requestControl,
                                 revalidating: .stored(stored), rule: Rule(), through: transport)
        }
    }

    /// Updates the stored `GET` response a `200` `HEAD` response confirms, and removes the one
    /// it contradicts (RFC 9111 §4.3.5 has a cache treat that one as stale; the resource
    /// changed, so the next `GET` asks the server without conditions either way).
    private func freshen(with response: Response, of request: TransportRequest, cookies: String?) {
        guard response.statusCode == 200 else { return }
        let fields = Self.fields(of: request, cookies: cookies)
        let key = CacheKey(resource: Self.resource(of: request.url), identity: Self.identity(of: fields))
        guard let stored = CacheVariants.select(from: store.entries(for: key), for: fields) else { return }
        if let updated = CacheValidation.freshened(stored, byHead: response.headerFields, at: clock()) {
            store.save(updated, for: key)
        } else {
            store.remove(stored.variant, for: key)
        }
    }

    /// Removes what an unsafe request changed (RFC 9111 §4.4): its URI, and the same-origin
    /// `Location` and `Content-Location` of its response.
    private func invalidate(after response: Response, of request: TransportRequest) {
        for url in CacheInvalidation.invalidatedURLs(target: request.url, responseFields: response.headerFields) {
            store.removeEntries(of: Self.resource(of: url))
        }
    }

    /// The response `stored` gives `request`: its status, body and header fields, with the
    /// `Age` that `source` says (none for a `304`-confirmed one, which is as new as the `304`),
    /// marked with `source`. With `checkingLimit`, a body larger than the request's limit fails
    /// as the network's would.
    private func served(_ stored: CacheEntry, for request: TransportRequest, source: Response.Source,
                        checkingLimit: Bool = false) throws -> Response {
        if checkingLimit {
            try request.checkBodySize(Int64(stored.body.count))
        }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(stored.headerFields.count + 1)
        for field in stored.headerFields where !HeaderName.equal(field.name, "Age") {
            headers.append((name: field.name, value: field.value))
        }
        switch source {
        case .cache(let age), .stale(let age):
            headers.append((name: "Age", value: String(Int(age.rounded(.down)))))
        case .network, .revalidated:
            break
        }
        var response = Response(statusCode: stored.statusCode, data: stored.body, url: request.url, headers: headers)
        response.request = request.head
        response.set(source: source)
        request.progress.downloaded(Int64(stored.body.count), of: Int64(stored.body.count))
        return response
    }

    /// The `504 Gateway Timeout` RFC 9111 §5.2.1.7 has a cache answer when it may neither send
    /// the request nor serve what it stores (`only-if-cached`, `.returnCacheDataDontLoad`).
    static func gatewayTimeout(for request: TransportRequest) -> Response {
        var response = Response(statusCode: 504, data: Data(), url: request.url,
                                headers: [(name: "Content-Length", value: "0")])
        response.request = request.head
        return response
    }

    /// Whether `error` is the network failing (a stale response may stand in), rather than the
    /// caller cancelling or a limit refusing the answer.
    static func isNetworkFailure(_ error: any Error) -> Bool {
        switch QuiverError(transportError: error) {
        case .timedOut: true
        case .transport(let cause, _): !(cause is ResponseTooLarge)
        default: false
        }
    }
}

extension TransportRequest {
    /// This request with `fields` added to its head: the conditions of a revalidation.
    func adding(_ fields: [HTTPHeaderField]) -> TransportRequest {
        var head = head
        for field in fields {
            head.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return TransportRequest(head: head, url: url, body: body, timeout: timeout, destination: destination,
                                progress: progress, maximumBodySize: maximumBodySize)
    }
}
