import Foundation

/// A target that sets how large its response bodies may grow, in memory and in a download
/// file, instead of the provider's (`Provider(bodySizeLimits:)`).
///
/// ```swift
/// extension API: BodySizeLimitsProviding {
///     var bodySizeLimits: BodySizeLimits {
///         switch self {
///         case .export: BodySizeLimits(memory: 512 << 20)   // a known large report
///         case .avatar: BodySizeLimits(memory: 1 << 20, file: 10 << 20)
///         default: .default
///         }
///     }
/// }
/// ```
public protocol BodySizeLimitsProviding {
    /// The limits on this target's response bodies; see ``BodySizeLimits``.
    var bodySizeLimits: BodySizeLimits { get }
}
