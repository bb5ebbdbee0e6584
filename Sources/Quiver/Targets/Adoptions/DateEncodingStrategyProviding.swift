import Foundation

/// A body model that names how its dates are encoded, whatever encoder sends it (CodyFire's
/// `CustomDateEncodingStrategy`).
///
/// ```swift
/// struct Event: Encodable, Sendable, DateEncodingStrategyProviding {
///     let startsAt: Date
///     var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { .millisecondsSince1970 }
/// }
/// ```
///
/// Every strategy of `JSONEncoder` is reachable: `.secondsSince1970`, `.millisecondsSince1970`,
/// `.formatted(formatter)`, `.iso8601`, `.custom`. The rest of the encoder (keys, output
/// formatting) is the one the request would use otherwise.
public protocol DateEncodingStrategyProviding {
    /// How this model's dates are encoded.
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { get }
}

/// Picks the encoder for a `.json` body.
enum JSONEncoding {
    /// `encoder`, or for a model that names its own date strategy, a copy of it with that
    /// strategy (the shared encoder is never changed).
    static func encoder(for value: any Encodable, given encoder: JSONEncoder) -> JSONEncoder {
        guard let model = value as? any DateEncodingStrategyProviding else { return encoder }
        let copy = JSONEncoder()
        copy.outputFormatting = encoder.outputFormatting
        copy.keyEncodingStrategy = encoder.keyEncodingStrategy
        copy.dataEncodingStrategy = encoder.dataEncodingStrategy
        copy.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
        copy.userInfo = encoder.userInfo
        copy.dateEncodingStrategy = model.dateEncodingStrategy
        return copy
    }
}
