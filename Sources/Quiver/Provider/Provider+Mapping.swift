import Foundation

extension Provider where Target: TargetMapping {
    /// Requests `target` and returns its own typed outcome, made by its
    /// ``TargetMapping/map(_:)`` from whatever happened: success, a rejected status, a network
    /// error, a plugin's refusal or cancellation.
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: The target's ``TargetMapping/Output``.
    public func request(_ target: Target) async -> Target.Output {
        mapped(await result(for: target), by: target, decodingWith: decoder(for: target))
    }

    /// Requests `target` and calls `mappedCompletion` with its own typed outcome: the
    /// completion-handler twin of ``request(_:)->Target.Output``.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where `mappedCompletion` runs when it belongs to no actor, as for
    ///     ``request(_:callbackQueue:progress:completion:)``; written in main-actor code, it
    ///     runs on the main actor.
    ///   - mappedCompletion: Called once with the target's ``TargetMapping/Output``.
    /// - Returns: A handle that cancels the request; the outcome then maps from
    ///   ``QuiverError/cancelled(_:)``.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        @_inheritActorContext mappedCompletion: @escaping @isolated(any) @Sendable (Target.Output) -> Void
    ) -> Cancellable {
        run({ await self.request(target) }, on: callbackQueue, completion: mappedCompletion)
    }
}

extension Provider where Target == MultiTarget {
    /// Requests a target of any type through this one provider and returns that target's own
    /// typed outcome, typed at compile time.
    ///
    /// ```swift
    /// let provider = Provider<MultiTarget>()
    /// let user = await provider.request(GetUser(id: 1))        // APIResult<User>
    /// let posts = await provider.request(ListPosts(page: 2))   // APIResult<[Post]>
    /// ```
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: The target's ``TargetMapping/Output``.
    public func request<T: TargetType & TargetMapping>(_ target: T) async -> T.Output {
        mapped(await result(for: MultiTarget(target)), by: target, decodingWith: decoder(for: target))
    }

    /// The completion-handler twin of ``request(_:)-(T)``.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where `mappedCompletion` runs when it belongs to no actor.
    ///   - mappedCompletion: Called once with the target's ``TargetMapping/Output``.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func request<T: TargetType & TargetMapping>(
        _ target: T,
        callbackQueue: DispatchQueue? = nil,
        @_inheritActorContext mappedCompletion: @escaping @isolated(any) @Sendable (T.Output) -> Void
    ) -> Cancellable {
        run({ await self.request(target) }, on: callbackQueue, completion: mappedCompletion)
    }

    /// Requests a target of any type through this one provider.
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: The validated response, or the ``QuiverError`` that ended the request.
    public func result(for target: some TargetType) async -> Result<Response, QuiverError> {
        await result(for: MultiTarget(target))
    }
}

extension Provider {
    /// `target.map(result)`, with `decoder` lent to the decoding done inside `map`.
    func mapped<T: TargetMapping>(_ result: Result<Response, QuiverError>, by target: T,
                                  decodingWith decoder: JSONDecoder?) -> T.Output {
        guard let decoder else { return target.map(result) }
        return DecodingContext.$decoder.withValue(decoder) { target.map(result) }
    }
}
