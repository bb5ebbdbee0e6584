import Foundation

/// A target that decodes its bodies with a decoder of its own, for example one API among
/// several with its own date format.
///
/// The decoder is used by ``Provider/decode(_:from:using:)-7v5y0`` and inside
/// ``TargetMapping/map(_:)``; a decoder passed to a call still wins.
public protocol DecoderProviding {
    /// The decoder for this target's bodies.
    var decoder: JSONDecoder { get }
}

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 dates with or without fractional seconds, such as `2026-11-22T15:00:00Z` and
    /// `2026-11-22T15:00:00.123Z`. (`.iso8601` rejects fractional seconds.)
    public static var iso8601WithFractionalSeconds: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
                return date
            }
            if let date = try? Date.ISO8601FormatStyle().parse(text) {
                return date
            }
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "\"\(text)\" is not an ISO 8601 date.")
        }
    }
}
