import Foundation

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
