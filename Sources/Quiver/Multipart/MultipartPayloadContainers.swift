import Foundation

/// The keyed container of ``MultipartPayloadEncoder``. At the top level each key is a field;
/// anywhere else the container is inactive and drops what it is given (the encoder has already
/// recorded the nested object as a failure).
struct MultipartKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let collector: MultipartPayloadCollector
    let isActive: Bool
    let codingPath: [any CodingKey]

    private func slot(_ key: Key) -> MultipartPayloadSlot {
        isActive ? .field(key.stringValue) : .discarded
    }

    private func text(_ text: String, _ key: Key) throws {
        try collector.placeText(text, in: slot(key), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { try text(value ? "true" : "false", key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try text(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try text(String(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try text(String(value), key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try collector.placeNumber(value, in: slot(key), codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try collector.placeNumber(value, in: slot(key), codingPath: codingPath + [key])
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try collector.encode(value, in: slot(key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        if isActive {
            collector.fail(.nestedObject(path: MultipartPayloadCollector.describe(codingPath + [key])))
        }
        return KeyedEncodingContainer(MultipartKeyedContainer<NestedKey>(
            collector: collector, isActive: false, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let elementSlot: MultipartPayloadSlot = isActive ? .element(key.stringValue) : .discarded
        return MultipartUnkeyedContainer(collector: collector, elementSlot: elementSlot, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = MultipartPayloadKey.super
        let slot: MultipartPayloadSlot = isActive ? .field(key.stringValue) : .discarded
        return MultipartPayloadEncoder(collector: collector, slot: slot, codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        MultipartPayloadEncoder(collector: collector, slot: slot(key), codingPath: codingPath + [key])
    }
}

/// The unkeyed container of ``MultipartPayloadEncoder``: each element is one more part with the
/// array's name; `nil` elements are omitted.
struct MultipartUnkeyedContainer: UnkeyedEncodingContainer {
    let collector: MultipartPayloadCollector
    let elementSlot: MultipartPayloadSlot
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(collector: MultipartPayloadCollector, elementSlot: MultipartPayloadSlot, codingPath: [any CodingKey]) {
        self.collector = collector
        self.elementSlot = elementSlot
        self.codingPath = codingPath
    }

    private mutating func nextPath() -> [any CodingKey] {
        defer { count += 1 }
        return codingPath + [MultipartPayloadKey(index: count)]
    }

    private mutating func text(_ text: String) throws {
        try collector.placeText(text, in: elementSlot, codingPath: nextPath())
    }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode(_ value: Bool) throws { try text(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try text(value) }
    mutating func encode(_ value: Int) throws { try text(String(value)) }
    mutating func encode(_ value: Int8) throws { try text(String(value)) }
    mutating func encode(_ value: Int16) throws { try text(String(value)) }
    mutating func encode(_ value: Int32) throws { try text(String(value)) }
    mutating func encode(_ value: Int64) throws { try text(String(value)) }
    mutating func encode(_ value: UInt) throws { try text(String(value)) }
    mutating func encode(_ value: UInt8) throws { try text(String(value)) }
    mutating func encode(_ value: UInt16) throws { try text(String(value)) }
    mutating func encode(_ value: UInt32) throws { try text(String(value)) }
    mutating func encode(_ value: UInt64) throws { try text(String(value)) }

    mutating func encode(_ value: Double) throws {
        try collector.placeNumber(value, in: elementSlot, codingPath: nextPath())
    }

    mutating func encode(_ value: Float) throws {
        try collector.placeNumber(value, in: elementSlot, codingPath: nextPath())
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try collector.encode(value, in: elementSlot, codingPath: nextPath())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath()
        if !elementSlot.isDiscarded {
            collector.fail(.nestedObject(path: MultipartPayloadCollector.describe(path)))
        }
        return KeyedEncodingContainer(MultipartKeyedContainer<NestedKey>(
            collector: collector, isActive: false, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath()
        if !elementSlot.isDiscarded {
            collector.fail(.nestedArray(path: MultipartPayloadCollector.describe(path)))
        }
        return MultipartUnkeyedContainer(collector: collector, elementSlot: .discarded, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        MultipartPayloadEncoder(collector: collector, slot: elementSlot, codingPath: nextPath())
    }
}

/// The single-value container of ``MultipartPayloadEncoder``: the value lands in the encoder's
/// own slot, so wrappers that encode one inner value are transparent.
struct MultipartSingleValueContainer: SingleValueEncodingContainer {
    let collector: MultipartPayloadCollector
    let slot: MultipartPayloadSlot
    let codingPath: [any CodingKey]

    private func text(_ text: String) throws {
        try collector.placeText(text, in: slot, codingPath: codingPath)
    }

    mutating func encodeNil() throws { try collector.placeNil(in: slot) }
    mutating func encode(_ value: Bool) throws { try text(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try text(value) }
    mutating func encode(_ value: Int) throws { try text(String(value)) }
    mutating func encode(_ value: Int8) throws { try text(String(value)) }
    mutating func encode(_ value: Int16) throws { try text(String(value)) }
    mutating func encode(_ value: Int32) throws { try text(String(value)) }
    mutating func encode(_ value: Int64) throws { try text(String(value)) }
    mutating func encode(_ value: UInt) throws { try text(String(value)) }
    mutating func encode(_ value: UInt8) throws { try text(String(value)) }
    mutating func encode(_ value: UInt16) throws { try text(String(value)) }
    mutating func encode(_ value: UInt32) throws { try text(String(value)) }
    mutating func encode(_ value: UInt64) throws { try text(String(value)) }
    mutating func encode(_ value: Double) throws { try collector.placeNumber(value, in: slot, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try collector.placeNumber(value, in: slot, codingPath: codingPath) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try collector.encode(value, in: slot, codingPath: codingPath)
    }
}
