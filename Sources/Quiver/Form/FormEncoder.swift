import Foundation

/// Encodes ``Parameters`` and `Encodable` values as
/// `application/x-www-form-urlencoded` text — the format of URL query strings
/// and HTML form bodies.
///
/// The output has no leading `?`, and keys are sorted at every level so the
/// same input always gives the same bytes:
///
/// ```swift
/// let query = try FormEncoder().encode(["page": 2, "filter": ["q": "a b"], "tags": ["x", "y"]])
/// // "filter%5Bq%5D=a%20b&page=2&tags%5B%5D=x&tags%5B%5D=y"
/// ```
///
/// Nested objects become bracketed keys (`filter[q]=…`), arrays follow
/// ``arrayEncoding``, and `nil`/``Parameters/Value/null`` values as well as
/// empty arrays and objects are omitted. Keys and values are percent-encoded
/// per RFC 3986: only `A–Z a–z 0–9 - . _ ~` are written as they are.
///
/// The top-level value must be keyed: ``Parameters``, a dictionary or a
/// struct whose properties become the parameters.
public struct FormEncoder: Sendable {
    /// How arrays are written.
    public enum ArrayEncoding: Sendable {
        /// One pair per element with `[]` appended to the key: `a[]=1&a[]=2`.
        case brackets
        /// One pair per element with the key as it is: `a=1&a=2`.
        case noBrackets
        /// One pair per element with its index in brackets: `a[0]=1&a[1]=2`.
        case indexInBrackets
        /// A single pair with the elements joined by a literal comma:
        /// `a=1,2`. Arrays whose elements are arrays or objects cannot be
        /// written this way and throw
        /// ``FormEncoder/Error/nonScalarInCommaSeparatedArray(path:)``.
        case commaSeparated
    }

    /// How Booleans are written.
    public enum BoolEncoding: Sendable {
        /// `true` and `false`.
        case literal
        /// `1` and `0`.
        case numeric
    }

    /// How dates are written. All ISO 8601 forms are in UTC.
    public enum DateEncoding: Sendable {
        /// ISO 8601 in UTC with whole seconds, e.g. `2026-11-22T15:00:00Z`.
        case iso8601
        /// ISO 8601 in UTC with milliseconds, e.g.
        /// `2026-11-22T15:00:00.250Z`.
        case iso8601WithFractionalSeconds
        /// Seconds since 1 January 1970 UTC, with a fraction only when there
        /// is one, e.g. `1795359600` or `1795359600.25`.
        case secondsSince1970
        /// Whole milliseconds since 1 January 1970 UTC, rounded to the
        /// nearest millisecond, e.g. `1795359600250`.
        case millisecondsSince1970
        /// A string produced by a closure. The string is percent-encoded like
        /// any other value; an error thrown by the closure is reported as
        /// ``FormEncoder/Error/dateEncodingFailed(path:underlying:)``.
        case custom(@Sendable (Date) throws -> String)
    }

    /// How spaces are written.
    public enum SpaceEncoding: Sendable {
        /// `%20`, which every server decodes as a space.
        case percentEscaped
        /// `+`, as HTML forms do. A literal `+` is still written as `%2B`.
        case plusReplaced
    }

    /// How the keys of ``Parameters``, dictionaries and models are
    /// transformed. The brackets and indices the encoder adds are never
    /// transformed.
    public enum KeyEncoding: Sendable {
        /// Keys are written as they are.
        case useDefaultKeys
        /// Camel-case keys are converted to snake case: `firstName` becomes
        /// `first_name` and `imageURL` becomes `image_url`. Leading and
        /// trailing underscores are kept.
        case convertToSnakeCase
        /// Keys are transformed by a closure.
        case custom(@Sendable (String) -> String)
    }

    /// How arrays are written; ``ArrayEncoding/brackets`` by default.
    public var arrayEncoding: ArrayEncoding
    /// How Booleans are written; ``BoolEncoding/literal`` by default.
    public var boolEncoding: BoolEncoding
    /// How dates are written; ``DateEncoding/iso8601`` by default.
    public var dateEncoding: DateEncoding
    /// How spaces are written; ``SpaceEncoding/percentEscaped`` by default.
    public var spaceEncoding: SpaceEncoding
    /// How keys are transformed; ``KeyEncoding/useDefaultKeys`` by default.
    public var keyEncoding: KeyEncoding

    /// Creates a form encoder.
    ///
    /// - Parameters:
    ///   - arrayEncoding: How arrays are written.
    ///   - boolEncoding: How Booleans are written.
    ///   - dateEncoding: How dates are written.
    ///   - spaceEncoding: How spaces are written.
    ///   - keyEncoding: How keys are transformed.
    public init(
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .literal,
        dateEncoding: DateEncoding = .iso8601,
        spaceEncoding: SpaceEncoding = .percentEscaped,
        keyEncoding: KeyEncoding = .useDefaultKeys
    ) {
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.dateEncoding = dateEncoding
        self.spaceEncoding = spaceEncoding
        self.keyEncoding = keyEncoding
    }

    /// Encodes parameters as a query string such as `a=1&b=2`.
    ///
    /// - Parameter parameters: The parameters to encode.
    /// - Returns: The encoded pairs without a leading `?`, with keys sorted;
    ///   an empty string when there is nothing to encode.
    /// - Throws: ``FormEncoder/Error`` if a value cannot be written, such as a
    ///   non-finite number.
    public func encode(_ parameters: Parameters) throws(FormEncoder.Error) -> String {
        try serialize(parameters) { String(decoding: $0, as: UTF8.self) }
    }

    /// Encodes a keyed `Encodable` value — typically a struct whose
    /// properties are the parameters — as a query string such as `a=1&b=2`.
    ///
    /// `Date` values follow ``dateEncoding``, `URL`s are written as their
    /// absolute string, `Decimal`s as their description and `Data` as
    /// Base64. ``Parameters`` handed to this method take the same fast path
    /// as the `Parameters` overload.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The encoded pairs without a leading `?`, with keys sorted;
    ///   an empty string when there is nothing to encode.
    /// - Throws: ``FormEncoder/Error`` if the value is not keyed at the top
    ///   level or cannot be written, or any error the value's
    ///   `encode(to:)` throws.
    public func encode(_ value: some Encodable) throws -> String {
        try serialize(encodable: value) { String(decoding: $0, as: UTF8.self) }
    }

    /// Encodes a keyed `Encodable` value as UTF-8 form data, for request bodies: the bytes of
    /// what `encode(_:)` returns, without the string in between.
    func encodedData(_ value: some Encodable) throws -> Data {
        try serialize(encodable: value) { Data($0) }
    }

    // MARK: - Internals

    /// Writes the top level with `write` and hands the bytes to `finish`,
    /// which must copy them out: they live in stack memory for typical
    /// queries.
    private func serialize<Output>(
        finish: (UnsafeBufferPointer<UInt8>) -> Output,
        write: (inout FormSerializer) throws(FormEncoder.Error) -> Void
    ) throws(FormEncoder.Error) -> Output {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { (storage) throws(FormEncoder.Error) in
            let keyStorage = 256
            var serializer = FormSerializer(
                options: self,
                output: ByteBuffer(initialStorage: UnsafeMutableBufferPointer(rebasing: storage[keyStorage...])),
                key: ByteBuffer(initialStorage: UnsafeMutableBufferPointer(rebasing: storage[..<keyStorage]))
            )
            try write(&serializer)
            return serializer.output.withUnsafeBytes(finish)
        }
    }

    private func serialize<Output>(
        _ parameters: Parameters,
        finish: (UnsafeBufferPointer<UInt8>) -> Output
    ) throws(FormEncoder.Error) -> Output {
        try serialize(finish: finish) { (serializer) throws(FormEncoder.Error) in
            switch parameters.storage {
            case .dictionary(let object): try serializer.writeObject(object, under: nil)
            case .literal(let pairs): try serializer.writeObject(literal: pairs, under: nil)
            }
        }
    }

    private func serialize<Output, Value: Encodable>(
        encodable value: Value,
        finish: (UnsafeBufferPointer<UInt8>) -> Output
    ) throws -> Output {
        if Value.self == Parameters.self, let parameters = value as? Parameters {
            return try serialize(parameters, finish: finish)
        }
        var root = try ParametersEncoder.encodeRoot(value)
        while case .deferred(let encoder) = root {
            root = try encoder.finishedNode() ?? .value(.null)
        }
        switch root {
        case .object(let storage):
            return try serialize(finish: finish) { (serializer) throws(FormEncoder.Error) in
                try serializer.writeObject(storage, under: nil)
            }
        case .value(.object(let object)):
            return try serialize(Parameters(object), finish: finish)
        case .value(let value):
            throw FormEncoder.Error.topLevelNotKeyed(found: value.kindDescription)
        case .array:
            throw FormEncoder.Error.topLevelNotKeyed(found: "an array")
        case .deferred:
            throw FormEncoder.Error.topLevelNotKeyed(found: "nothing")
        }
    }
}
