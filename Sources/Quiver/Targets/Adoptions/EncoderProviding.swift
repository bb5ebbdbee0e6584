import Foundation

/// A target that encodes its `.json` bodies with an encoder of its own (date and key
/// strategies), as ``DecoderProviding`` does for decoding.
///
/// ```swift
/// extension LegacyAPI: EncoderProviding {
///     var encoder: JSONEncoder {
///         let encoder = JSONEncoder()
///         encoder.dateEncodingStrategy = .secondsSince1970
///         return encoder
///     }
/// }
/// ```
///
/// It wins over the provider's (`Provider(encoder:)`); an encoder named by the task
/// (``HTTPTask/json(_:encoder:)-enum.case``) wins over it.
public protocol EncoderProviding {
    /// The encoder for this target's `.json` bodies.
    var encoder: JSONEncoder { get }
}
