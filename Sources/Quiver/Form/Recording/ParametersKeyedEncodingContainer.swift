/// The keyed container of `ParametersEncoder`: appends entries to an
/// object node.
struct ParametersKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: EncodingObjectStorage

    var codingPath: [any CodingKey] { storage.path.keys }

    private func set(_ value: Parameters.Value, forKey key: Key) {
        storage.append(.value(value), forKey: key.stringValue)
    }

    private func childPath(_ key: Key) -> CodingPathLink {
        CodingPathLink(parent: storage.pathNode, key: key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(ParametersEncoder.float(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(ParametersEncoder.integer(value), forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let node = try ParametersEncoder.box(value, path: childPath(key))
        storage.append(node, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested: EncodingObjectStorage
        if case .object(let existing)? = storage.lastNode(forKey: key.stringValue) {
            nested = existing
        } else {
            nested = EncodingObjectStorage(path: childPath(key))
            storage.append(.object(nested), forKey: key.stringValue)
        }
        return KeyedEncodingContainer(ParametersKeyedEncodingContainer<NestedKey>(storage: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: EncodingArrayStorage
        if case .array(let existing)? = storage.lastNode(forKey: key.stringValue) {
            nested = existing
        } else {
            nested = EncodingArrayStorage(path: childPath(key))
            storage.append(.array(nested), forKey: key.stringValue)
        }
        return ParametersUnkeyedEncodingContainer(storage: nested)
    }

    mutating func superEncoder() -> any Encoder {
        makeSuperEncoder(for: ParametersCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        makeSuperEncoder(for: key)
    }

    private func makeSuperEncoder(for key: any CodingKey) -> any Encoder {
        let encoder = ParametersEncoder(path: CodingPathLink(parent: storage.pathNode, key: key))
        storage.append(.deferred(encoder), forKey: key.stringValue)
        return encoder
    }
}
