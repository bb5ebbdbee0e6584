import Dispatch
import Foundation

extension HTTPCache {
    /// Given the stored response of the request this task makes, before it is revalidated: set
    /// by ``Provider/cachedThenFresh(for:)`` for the one request it makes.
    @TaskLocal static var storedResponseHandler: (@Sendable (Response) -> Void)?
}

extension Provider {
    /// Requests `target` for a screen that shows what it has, then updates: yields the
    /// response the provider's ``HTTPCache`` holds for the request at once (its
    /// ``Response/source`` says how old it is and whether it is still fresh), then the network's
    /// answer, revalidated when the stored response has a validator (a `304` arrives as the
    /// stored body, ``Response/Source/revalidated``).
    ///
    /// ```swift
    /// for try await response in provider.cachedThenFresh(for: .timeline) {
    ///     timeline = try response.decode([Post].self)
    ///     isUpdating = response.source.isFromCache
    /// }
    /// ```
    ///
    /// The request goes through the plugins and the transport once, as any other; the stored
    /// response is handed over only when the target's validation accepts its status. Without a
    /// cache, or with nothing stored, only the network's answer comes. The network is always
    /// asked, even when the stored response is fresh: use ``response(for:progress:)`` to take a
    /// fresh one as it is.
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: One or two responses; the sequence throws the ``QuiverError`` that ended the request.
    public func cachedThenFresh(for target: Target) -> CachedThenFreshResponses {
        CachedThenFreshResponses { continuation in
            let shown = Locked(false)
            let handler: @Sendable (Response) -> Void = { stored in
                guard target.validationType.accepts(stored.statusCode),
                      shown.withLock({ wasShown in defer { wasShown = true }; return !wasShown }) else { return }
                continuation.yield(.success(stored))
            }
            return Task {
                let outcome = await HTTPCache.$storedResponseHandler.withValue(handler) {
                    await self.result(for: target)
                }
                continuation.yield(outcome)
                continuation.finish()
            }
        }
    }

    /// ``cachedThenFresh(for:)`` with a completion handler: `update` runs with the stored
    /// response first, when there is one, then with the network's answer or the failure.
    ///
    /// Written in main-actor code, `update` runs on the main actor and may change its state
    /// directly, under Swift 6:
    ///
    /// ```swift
    /// @MainActor final class TimelineModel {
    ///     var posts: [Post] = []
    ///     var isOffline = false
    ///
    ///     func load(_ provider: Provider<API>) {
    ///         provider.requestCachedThenFresh(.timeline) { result in
    ///             switch result {
    ///             case .success(let response):
    ///                 self.posts = (try? response.decode([Post].self)) ?? self.posts
    ///             case .failure:
    ///                 self.isOffline = true     // the stored posts stay on screen
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where `update` runs when it belongs to no actor (else the provider's
    ///     ``callbackQueue``, else the global concurrent executor).
    ///   - update: Called once or twice, in order: the stored response, then the outcome.
    /// - Returns: The task running the request: `cancel()` it to stop.
    @discardableResult
    public func requestCachedThenFresh(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        @_inheritActorContext update: @escaping @isolated(any) @Sendable (Result<Response, QuiverError>) -> Void
    ) -> Task<Void, Never> {
        let queue = callbackQueue ?? self.callbackQueue
        let responses = cachedThenFresh(for: target)
        return Task {
            do throws(QuiverError) {
                for try await response in responses {
                    await CallbackDelivery.call(update, with: .success(response), on: queue) {
                        Self.callbackName("the update handler", of: .success(response))
                    }
                }
            } catch {
                await CallbackDelivery.call(update, with: .failure(error), on: queue) {
                    Self.callbackName("the update handler", of: .failure(error))
                }
            }
        }
    }
}
