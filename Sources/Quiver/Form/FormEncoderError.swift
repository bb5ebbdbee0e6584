import Foundation

extension FormEncoder {
    /// An error thrown when a value cannot be form-encoded.
    ///
    /// Paths name the offending value the way it would appear in the query,
    /// before percent-encoding, e.g. `filter[since]` or `items[2][price]`.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The top-level value is not keyed. Form encoding needs names, so
        /// the top level must be ``Parameters``, a dictionary or a struct;
        /// `found` describes what was given instead, e.g. "an array".
        case topLevelNotKeyed(found: String)

        /// A floating-point value is NaN or infinite, which has no
        /// form representation.
        case nonFiniteNumber(path: String)

        /// An array encoded with ``ArrayEncoding/commaSeparated`` has an
        /// array or object element, which cannot be joined with commas.
        case nonScalarInCommaSeparatedArray(path: String)

        /// A date cannot be written with the chosen strategy because it is
        /// not finite or lies too far from 1970.
        case dateOutOfRange(path: String)

        /// The closure of ``DateEncoding/custom(_:)`` threw `underlying`.
        case dateEncodingFailed(path: String, underlying: any Swift.Error)

        /// A custom `encode(to:)` used the encoder in a way that has no form
        /// representation, such as requesting a keyed container after
        /// encoding a single value; `reason` explains what happened.
        case unsupportedValue(path: String, reason: String)

        /// A description of the error that names the problem and where it
        /// occurred.
        public var description: String {
            switch self {
            case .topLevelNotKeyed(let found):
                return "FormEncoder needs a keyed value at the top level "
                    + "(Parameters, a dictionary or a struct), but found \(found)."
            case .nonFiniteNumber(let path):
                return "FormEncoder cannot encode a non-finite number (NaN or infinity) at '\(path)'."
            case .nonScalarInCommaSeparatedArray(let path):
                return "FormEncoder cannot join the array at '\(path)' with commas "
                    + "because it contains an array or object; use another array encoding."
            case .dateOutOfRange(let path):
                return "FormEncoder cannot encode the date at '\(path)' "
                    + "because it is not finite or is out of the supported range."
            case .dateEncodingFailed(let path, let underlying):
                return "FormEncoder's custom date encoding failed at '\(path)': \(underlying)"
            case .unsupportedValue(let path, let reason):
                let location = path.isEmpty ? "the top level" : "'\(path)'"
                return "FormEncoder cannot encode the value at \(location): \(reason)"
            }
        }
    }
}
