#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Dispatch
import Foundation
import Quiver

extension Provider {
    /// A publisher of the response to `target`, or of why it failed, as CombineMoya's
    /// `requestPublisher`. The request starts when the subscriber first asks for a value;
    /// cancelling the subscription cancels it.
    ///
    /// ```swift
    /// provider.requestPublisher(.user("ada"))
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.statusCode) })
    ///     .store(in: &subscriptions)
    /// ```
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where the value and the completion are delivered; the provider's
    ///     own, else a global queue, when `nil`.
    /// - Returns: A publisher of one response, then the end; or a ``QuiverError``.
    public func requestPublisher(_ target: Target, callbackQueue: DispatchQueue? = nil) -> RequestPublisher<Response> {
        RequestPublisher { events in
            let request = self.request(target, callbackQueue: callbackQueue) { events.end(with: $0) }
            return { request.cancel() }
        }
    }

    /// A publisher of the progress of `target`'s request: upload and download reports as bytes
    /// move, then one carrying the complete response (``ProgressResponse/response``), then the
    /// end. Reports beyond the subscriber's demand are dropped, never the last one.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where the reports and the completion are delivered.
    /// - Returns: A publisher of progress reports; or a ``QuiverError``.
    public func requestWithProgressPublisher(_ target: Target,
                                             callbackQueue: DispatchQueue? = nil) -> RequestPublisher<ProgressResponse> {
        RequestPublisher { events in
            let request = self.request(target, callbackQueue: callbackQueue, progress: { events.send($0) }) { result in
                if case .failure(let error) = result {
                    events.finish(.failure(error))
                } else {
                    events.finish(.finished)
                }
            }
            return { request.cancel() }
        }
    }

    /// A publisher of `target`'s response body decoded as `type`, as ``decode(_:from:using:)``
    /// decodes it.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - target: The endpoint to request.
    ///   - decoder: The decoder; the provider's, when `nil`.
    /// - Returns: A publisher of one decoded value, then the end; or a ``QuiverError``.
    public func decodePublisher<D: Decodable & Sendable>(_ type: D.Type, from target: Target,
                                                         using decoder: JSONDecoder? = nil) -> RequestPublisher<D> {
        RequestPublisher.running {
            do throws(QuiverError) {
                return .success(try await self.decode(type, from: target, using: decoder))
            } catch {
                return .failure(error)
            }
        }
    }
}

extension Provider where Target: TargetMapping {
    /// A publisher of `target`'s own typed outcome (``TargetMapping/Output``), as
    /// ``request(_:)`` returns it: every path is a value, so the publisher never fails.
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: A publisher of one outcome, then the end.
    public func outputPublisher(_ target: Target) -> RequestPublisher<Target.Output> {
        RequestPublisher.running { .success(await self.request(target)) }
    }
}
