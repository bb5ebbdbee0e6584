import Foundation

/// Which of the optional target protocols a provider's targets may adopt, found once from the
/// target type when the provider is made, so that a request asks its target only for what its
/// type adopts: a dynamic cast that fails costs about as much as one that succeeds, and most
/// targets adopt none of these.
///
/// A target type whose values may be of another type when plugins see them (``MultiTarget``,
/// which hands over the wrapped target) or of a subclass that adopts more (a class) is asked
/// for everything on every request.
struct TargetAdoptions: Sendable {
    /// ``CachePolicyProviding``.
    let cachePolicy: Bool
    /// ``BodySizeLimitsProviding``.
    let bodySizeLimits: Bool
    /// ``EncoderProviding``.
    let encoder: Bool
    /// ``DecoderProviding``.
    let decoder: Bool
    /// ``MinimumDurationProviding``.
    let minimumDuration: Bool
    /// ``RetryPolicyProviding``.
    let retryPolicy: Bool

    /// What targets of `type` (and the targets they wrap) may adopt.
    init<Target: TargetType>(of type: Target.Type) {
        let variable = type == MultiTarget.self || type is AnyClass
        cachePolicy = variable || type is any CachePolicyProviding.Type
        bodySizeLimits = variable || type is any BodySizeLimitsProviding.Type
        encoder = variable || type is any EncoderProviding.Type
        decoder = variable || type is any DecoderProviding.Type
        minimumDuration = variable || type is any MinimumDurationProviding.Type
        retryPolicy = variable || type is any RetryPolicyProviding.Type
    }
}
