/// The unkeyed container of `ParametersEncoder`: appends to an array node.
struct ParametersUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let storage: EncodingArrayStorage

    var codingPath: [any CodingKey] { storage.path.keys }
    var count: Int { storage.elements.count }

    private func append(_ value: Parameters.Value) {
        storage.append(.value(value))
    }

    /// The coding path of the next element.
    private var nextPath: CodingPathLink {
        CodingPathLink(parent: storage.pathNode, key: ParametersCodingKey(intValue: count))
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(ParametersEncoder.float(value)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { append(ParametersEncoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { append(ParametersEncoder.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        storage.append(try ParametersEncoder.box(value, path: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingObjectStorage(path: nextPath)
        storage.append(.object(nested))
        return KeyedEncodingContainer(ParametersKeyedEncodingContainer<NestedKey>(storage: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodingArrayStorage(path: nextPath)
        storage.append(.array(nested))
        return ParametersUnkeyedEncodingContainer(storage: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = ParametersEncoder(path: nextPath)
        storage.append(.deferred(encoder))
        return encoder
    }
}
