import Quiver

/// An endpoint's values by name, in the order its case or struct declares them, as the code
/// ``Endpoints(baseURL:headers:)`` and ``Endpoint(_:_:baseURL:body:form:parts:headers:headerValues:validation:sample:sampleFile:returns:)``
/// write uses them: encoded as a type with those properties would be (the query through
/// `HTTPTask.query`'s `FormEncoder`, a form body, multipart parts), or as header fields. A `nil`
/// value is left out everywhere.
public struct NamedValues: Encodable, Sendable {
    private let values: [(name: String, value: any Encodable & Sendable)]

    /// The values, by name.
    ///
    /// - Parameter values: Each name and its value.
    public init(_ values: KeyValuePairs<String, any Encodable & Sendable>) {
        self.values = values.compactMap { name, value in
            (value as? any OptionalValue)?.isNil == true ? nil : (name, value)
        }
    }

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes each value under its name.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What a value's encoding throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        for (name, value) in values {
            try container.encode(value, forKey: Name(stringValue: name))
        }
    }

    /// The values as header fields, each as it prints (an optional's wrapped value).
    public var headerFields: [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in values {
            fields[name] = (value as? any OptionalValue)?.wrappedDescription ?? String(describing: value)
        }
        return fields
    }
}

/// An `Optional`, whatever it wraps: lets ``NamedValues`` leave out a `nil` and print what a
/// value wraps.
private protocol OptionalValue {
    var isNil: Bool { get }
    var wrappedDescription: String? { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
    var wrappedDescription: String? { map { String(describing: $0) } }
}
