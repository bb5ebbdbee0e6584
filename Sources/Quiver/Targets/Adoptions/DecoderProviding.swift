import Foundation

/// A target that decodes its bodies with a decoder of its own, for example one API among
/// several with its own date format.
///
/// The decoder is used by ``Provider/decode(_:from:using:)`` and inside
/// ``TargetMapping/map(_:)``; a decoder passed to a call still wins.
public protocol DecoderProviding {
    /// The decoder for this target's bodies.
    var decoder: JSONDecoder { get }
}
