/// The single-value container of `ParametersEncoder`: sets the encoder's
/// one value.
struct ParametersSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: ParametersEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: Parameters.Value) throws {
        try encoder.setSingleValue(.value(value))
    }

    mutating func encodeNil() throws { try set(.null) }
    mutating func encode(_ value: Bool) throws { try set(.bool(value)) }
    mutating func encode(_ value: String) throws { try set(.string(value)) }
    mutating func encode(_ value: Double) throws { try set(.double(value)) }
    mutating func encode(_ value: Float) throws { try set(ParametersEncoder.float(value)) }
    mutating func encode(_ value: Int) throws { try set(.int(value)) }
    mutating func encode(_ value: Int8) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { try set(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { try set(ParametersEncoder.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try ParametersEncoder.box(value, path: encoder.path)
        try encoder.setSingleValue(node)
    }
}
