import Dispatch
import Foundation

extension Provider {
    /// The minimum duration for `pluginTarget`: its own (``MinimumDurationProviding``), else the
    /// provider's.
    func minimumDuration(for pluginTarget: any TargetType) -> TimeInterval? {
        guard TargetAdoptions.of(pluginTarget).contains(.minimumDuration) else { return minimumDuration }
        return (pluginTarget as? any MinimumDurationProviding)?.minimumDuration ?? minimumDuration
    }

    /// `result`, held back until `pluginTarget`'s minimum duration has passed since `start` when
    /// it is a success; a failure passes at once. Cancellation during the wait ends it at once as
    /// ``QuiverError/cancelled(_:)``. (The target is looked at only for a success: the cast
    /// costs something.)
    func holding(_ result: Result<Response, QuiverError>, for pluginTarget: any TargetType,
                 since start: DispatchTime) async -> Result<Response, QuiverError> {
        guard case .success(let response) = result, let minimum = minimumDuration(for: pluginTarget),
              minimum > 0, minimum.isFinite else { return result }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start.uptimeNanoseconds
        let wanted = UInt64(min(minimum, 1e9) * 1_000_000_000)
        guard wanted > elapsed else { return result }
        do {
            try await Task.sleep(nanoseconds: wanted - elapsed)
        } catch {
            return .failure(.cancelled(response.request))
        }
        return result
    }
}
