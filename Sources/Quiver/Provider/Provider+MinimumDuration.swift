import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Provider {
    /// The minimum duration for `pluginTarget`, when there is one to wait for: its own
    /// (``MinimumDurationProviding``), else the provider's; `nil` when neither is a positive,
    /// finite number of seconds.
    func minimumDuration(for pluginTarget: any TargetType) -> TimeInterval? {
        let own = adoptions.minimumDuration ? (pluginTarget as? any MinimumDurationProviding)?.minimumDuration : nil
        return WaitTime.limit(own ?? minimumDuration)
    }

    /// `result`, held back until `minimum` seconds (``minimumDuration(for:)``) have passed since
    /// `start` when it is a success; a failure passes at once. Cancellation during the wait ends
    /// it at once as ``QuiverError/cancelled(_:)``.
    func holding(_ result: Result<Response, QuiverError>, atLeast minimum: TimeInterval,
                 since start: DispatchTime) async -> Result<Response, QuiverError> {
        guard case .success = result else { return result }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start.uptimeNanoseconds
        let wanted = WaitTime.nanoseconds(of: minimum)
        guard wanted > elapsed else { return result }
        do {
            try await Task.sleep(nanoseconds: wanted - elapsed)
        } catch {
            return .failure(.cancelled(result.sentRequest))
        }
        return result
    }
}

private extension Result where Success == Response {
    /// The request a success answered.
    var sentRequest: URLRequest? {
        if case .success(let response) = self { response.request } else { nil }
    }
}
