import Dispatch

extension Provider {
    /// Requests `target` with its events in a chain (CodyFire's `APIRequest`, CoreNetKit's
    /// observer); the success is the ``Response``.
    ///
    /// ```swift
    /// provider.call(.delete(id: id)).execute()
    /// ```
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where handlers of no actor run; else the provider's ``callbackQueue``,
    ///     else the global executor. Handlers written in main-actor code run on the main actor.
    /// - Returns: The handle: attach handlers, then ``RequestHandle/onSuccess(_:)`` or
    ///   ``RequestHandle/execute()`` starts the request.
    public func call(_ target: Target, callbackQueue: DispatchQueue? = nil) -> RequestHandle<Response> {
        RequestHandle(callbackQueue: callbackQueue ?? self.callbackQueue) { progress in
            await self.result(for: target, progress: progress)
        }
    }

    /// Requests `target` with its events in a chain; the success is the body decoded into `type`.
    ///
    /// ```swift
    /// provider.call(.user("octocat"), decoding: User.self)
    ///     .onError { error in showError() }
    ///     .onSuccess { user in show(user) }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - type: The type to decode, with the target's or the provider's decoder.
    ///   - callbackQueue: Where handlers of no actor run.
    /// - Returns: The handle; a body that does not decode is ``QuiverError/decoding(_:_:)``.
    public func call<D: Decodable & Sendable>(_ target: Target, decoding type: D.Type,
                                              callbackQueue: DispatchQueue? = nil) -> RequestHandle<D> {
        let decoder = decoder(for: target)
        return handle(for: target, callbackQueue: callbackQueue) { response throws(QuiverError) in
            try response.decode(type, using: decoder)
        }
    }
}

extension Provider {
    /// Requests `target` with its events in a chain; the success is the body decoded into
    /// `type`'s DTO and converted (CoreNetKit's app-layer models).
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - type: The application type, made from its ``DTODecodable/DTO``.
    ///   - callbackQueue: Where handlers of no actor run.
    /// - Returns: The handle; a DTO that does not decode or convert is ``QuiverError/decoding(_:_:)``.
    public func call<D: DTODecodable & Sendable>(_ target: Target, decoding type: D.Type,
                                                 callbackQueue: DispatchQueue? = nil) -> RequestHandle<D> {
        let decoder = decoder(for: target)
        return handle(for: target, callbackQueue: callbackQueue) { response throws(QuiverError) in
            try response.decode(type, using: decoder)
        }
    }
}

extension Provider {
    /// A handle whose success is `transform` of the response; what it throws is the failure.
    private func handle<Value: Sendable>(for target: Target, callbackQueue: DispatchQueue?,
                                         transform: @escaping @Sendable (Response) throws(QuiverError) -> Value) -> RequestHandle<Value> {
        RequestHandle(callbackQueue: callbackQueue ?? self.callbackQueue) { progress in
            await self.result(for: target, progress: progress).flatMap { response in
                Result { () throws(QuiverError) in try transform(response) }
            }
        }
    }
}

extension Provider {
    /// A handle that sends `sent` and maps the outcome with `target`'s mapping.
    fileprivate func mappedHandle<T: TargetType & DecodableMapping>(for target: T, sending sent: Target,
                                                                    callbackQueue: DispatchQueue?) -> RequestHandle<T.Success> {
        RequestHandle(callbackQueue: callbackQueue ?? self.callbackQueue) { progress in
            let result = await self.result(for: sent, progress: progress)
            return self.mapped(result, by: target, decodingWith: self.decoder(for: target)).result
        }
    }
}

extension Provider where Target: DecodableMapping {
    /// Requests `target` with its events in a chain, typed by its mapping: the success is its
    /// ``DecodableMapping/Success``; a body that does not map is ``QuiverError/decoding(_:_:)``.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where handlers of no actor run.
    /// - Returns: The handle.
    public func call(_ target: Target, callbackQueue: DispatchQueue? = nil) -> RequestHandle<Target.Success> {
        mappedHandle(for: target, sending: target, callbackQueue: callbackQueue)
    }
}

extension Provider where Target == MultiTarget {
    /// Requests a target of any type with its events in a chain, typed by its mapping.
    ///
    /// ```swift
    /// let provider = Provider<MultiTarget>()
    /// provider.call(GetUser(id: 1)).onSuccess { user in show(user) }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where handlers of no actor run.
    /// - Returns: The handle.
    public func call<T: TargetType & DecodableMapping>(_ target: T, callbackQueue: DispatchQueue? = nil) -> RequestHandle<T.Success> {
        mappedHandle(for: target, sending: MultiTarget(target), callbackQueue: callbackQueue)
    }
}

extension APIResult {
    /// The outcome as a result: a body that did not map is ``QuiverError/decoding(_:_:)``, a
    /// `401` ``QuiverError/statusCode(_:)``.
    var result: Result<Success, QuiverError> {
        switch self {
        case .success(let value): .success(value)
        case .mappingFailed(let error, let response): .failure(.decoding(error, response))
        case .unauthorized(let response): .failure(.statusCode(response))
        case .failure(let error): .failure(error)
        }
    }
}
