import Quiver

/// The query values of an endpoint that ``Endpoints(baseURL:)`` wrote, in the order the case
/// declares them: encoded by `HTTPTask.query`'s `FormEncoder` as a type with those properties
/// would be, a `nil` value left out.
public struct QueryValues: Encodable, Sendable {
    private let values: [(name: String, value: any Encodable & Sendable)]

    /// The values, by name.
    ///
    /// - Parameter values: Each query name and its value.
    public init(_ values: KeyValuePairs<String, any Encodable & Sendable>) {
        self.values = values.map { ($0.key, $0.value) }
    }

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes each value under its name, leaving out `nil`s.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What a value's encoding throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        for (name, value) in values where !((value as? any OptionalValue)?.isNil ?? false) {
            try container.encode(value, forKey: Name(stringValue: name))
        }
    }
}

/// An `Optional`, whatever it wraps: lets ``QueryValues`` leave out a `nil`.
private protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
}
