import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 dates with or without fractional seconds, such as `2026-11-22T15:00:00Z` and
    /// `2026-11-22T15:00:00.123Z`, in UTC (`Z`) or with an offset (`+01:00`), read in the
    /// proleptic Gregorian calendar like the dates Quiver writes. (`.iso8601` rejects
    /// fractional seconds.)
    public static var iso8601WithFractionalSeconds: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date.")
            }
            return date
        }
    }
}
