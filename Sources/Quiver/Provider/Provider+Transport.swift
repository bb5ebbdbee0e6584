/// Which transport answers a request, and how it uses the provider's cache: decided per
/// request, from the stub closure and the target's cache policy.
extension Provider {
    /// How `target`'s requests use the cache: its ``CachePolicyProviding`` policy, and the
    /// handler of ``cachedThenFresh(for:)`` when this call is one.
    func cacheRule(for target: any TargetType) -> HTTPCache.Rule {
        var rule = HTTPCache.Rule()
        if adoptions.cachePolicy, let chosen = target as? any CachePolicyProviding {
            rule.policy = chosen.cachePolicy
            rule.staleIfError = chosen.staleIfError
        }
        if let handler = HTTPCache.storedResponseHandler {
            rule.policy = .reloadRevalidatingCacheData
            rule.showStored = handler
        }
        return rule
    }

    /// The stub transport for stubbed targets, the provider's transport for the others.
    func transport(for target: Target, endpoint: Endpoint) -> any HTTPTransport {
        switch stubClosure(target) {
        case .never:
            transport
        case let behavior:
            StubTransport(behavior: behavior, sample: endpoint.sample)
        }
    }
}
