import Foundation

/// An `Encoder` that records any `Encodable` value as an `EncodingNode`
/// tree, which `FormSerializer` then writes out.
///
/// `Date`s stay dates so the form encoder's date strategy applies to them;
/// `URL`s become their absolute string, `Decimal`s their description and
/// `Data` its Base64 text, rather than the shapes their own `encode(to:)`
/// would produce. `Parameters` and `Parameters.Value` are taken as they are.
///
/// Misuse that `Encoder` methods cannot throw for, such as asking for a
/// keyed container after encoding a single value, is recorded in
/// ``failure`` and thrown once the value's `encode(to:)` returns.
final class ParametersEncoder: Encoder {
    let path: CodingPathLink
    /// What has been encoded into this encoder so far.
    private(set) var node: EncodingNode?
    /// The first misuse of this encoder.
    private(set) var failure: FormEncoder.Error?

    init(path: CodingPathLink) {
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes a value as the top-level node.
    ///
    /// - Throws: Any error the value throws while encoding, or a
    ///   `FormEncoder.Error` if it used the encoder in an unsupported way.
    static func encodeRoot(_ value: some Encodable) throws -> EncodingNode {
        try box(value, path: .root)
    }

    /// Encodes a value on its own encoder, intercepting the types that have
    /// their own form representation.
    static func box<T: Encodable>(_ value: T, path: CodingPathLink) throws -> EncodingNode {
        if let special = specialValue(value) {
            return .value(special)
        }
        let encoder = ParametersEncoder(path: path)
        try value.encode(to: encoder)
        if let failure = encoder.failure {
            throw failure
        }
        return encoder.node ?? .value(.null)
    }

    private static func specialValue<T: Encodable>(_ value: T) -> Parameters.Value? {
        // Comparing metatypes first keeps ordinary values off the slower
        // dynamic-cast path.
        let type = T.self
        if type == Date.self, let date = value as? Date {
            return .date(date)
        }
        if type == URL.self, let url = value as? URL {
            return .string(url.absoluteString)
        }
        if type == Decimal.self, let decimal = value as? Decimal {
            return .string(decimal.description)
        }
        if type == Data.self, let data = value as? Data {
            return .string(data.base64EncodedString())
        }
        if type == Parameters.self, let parameters = value as? Parameters {
            return .object(parameters.values)
        }
        if type == Parameters.Value.self, let parameterValue = value as? Parameters.Value {
            return parameterValue
        }
        return nil
    }

    // MARK: - Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage: EncodingObjectStorage
        switch node {
        case .object(let existing)?:
            storage = existing
        case nil:
            storage = EncodingObjectStorage(path: path)
            node = .object(storage)
        default:
            fail("a keyed container was requested after another kind of value was encoded")
            storage = EncodingObjectStorage(path: path)
        }
        return KeyedEncodingContainer(ParametersKeyedEncodingContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage: EncodingArrayStorage
        switch node {
        case .array(let existing)?:
            storage = existing
        case nil:
            storage = EncodingArrayStorage(path: path)
            node = .array(storage)
        default:
            fail("an unkeyed container was requested after another kind of value was encoded")
            storage = EncodingArrayStorage(path: path)
        }
        return ParametersUnkeyedEncodingContainer(storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ParametersSingleValueEncodingContainer(encoder: self)
    }

    /// Stores the single value of this encoder.
    ///
    /// - Throws: `FormEncoder.Error.unsupportedValue` if a value or container
    ///   was already encoded here.
    func setSingleValue(_ newNode: EncodingNode) throws {
        guard node == nil else {
            throw FormEncoder.Error.unsupportedValue(
                path: path.formDescription,
                reason: "a single value was encoded after another value or container"
            )
        }
        node = newNode
    }

    private func fail(_ reason: String) {
        if failure == nil {
            failure = .unsupportedValue(path: path.formDescription, reason: reason)
        }
    }

    // MARK: - Helpers

    /// An integer as a value; magnitudes beyond `Int` are kept as text.
    static func integer(_ value: some FixedWidthInteger) -> Parameters.Value {
        if let int = Int(exactly: value) {
            return .int(int)
        }
        return .string(value.description)
    }

    /// A `Float` as the `Double` with the same shortest description, so
    /// `0.1` is written as `0.1` rather than `0.10000000149011612`.
    static func float(_ value: Float) -> Parameters.Value {
        .double(Double(value.description) ?? Double(value))
    }
}
