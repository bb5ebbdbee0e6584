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
}

extension Provider {
    /// `target.map(result)`, with `decoder` lent to the decoding done inside `map`.
    func mapped<T: TargetMapping>(_ result: Result<Response, QuiverError>, by target: T,
                                  decodingWith decoder: JSONDecoder?) -> T.Output {
        guard let decoder else { return target.map(result) }
        return DecodingContext.$decoder.withValue(decoder) { target.map(result) }
    }
}
