import Foundation

/// Where an encoded value lands in a form being built from a payload.
enum MultipartPayloadSlot {
    /// The payload itself, which must be keyed.
    case root
    /// A property of the payload: a value here is one part with this name.
    case field(String)
    /// An element of an array property: a value here is one more part with this name.
    case element(String)
    /// Nowhere: the value belongs to a shape that already failed.
    case discarded

    /// Whether values here are dropped.
    var isDiscarded: Bool {
        if case .discarded = self { true } else { false }
    }
}

/// Collects the parts of a form while a payload encodes itself, and the first failure that an
/// `Encoder` method could not throw.
final class MultipartPayloadCollector {
    private(set) var form: MultipartForm
    private(set) var failure: MultipartForm.PayloadError?

    init(form: MultipartForm) {
        self.form = form
    }

    /// Records a failure; only the first is kept.
    func fail(_ error: MultipartForm.PayloadError) {
        if failure == nil {
            failure = error
        }
    }

    /// Encodes a value into a slot, taking the types with their own multipart form as they are.
    ///
    /// - Throws: A ``MultipartForm/PayloadError``, or whatever the value's `encode(to:)` throws.
    func encode<T: Encodable>(_ value: T, in slot: MultipartPayloadSlot, codingPath: [any CodingKey]) throws {
        if slot.isDiscarded { return }
        if let attachment = value as? MultipartForm.Attachment {
            try place(codingPath: codingPath, in: slot) { form, name in form.append(attachment, name: name) }
        } else if let data = value as? Data {
            try place(codingPath: codingPath, in: slot) { form, name in form.append(data, name: name) }
        } else if let date = value as? Date {
            guard let text = ISO8601.string(from: date, fractionalSeconds: false) else {
                throw MultipartForm.PayloadError.nonFiniteNumber(path: Self.describe(codingPath))
            }
            try placeText(text, in: slot, codingPath: codingPath)
        } else if let url = value as? URL {
            try placeText(url.absoluteString, in: slot, codingPath: codingPath)
        } else if let decimal = value as? Decimal {
            try placeText(decimal.description, in: slot, codingPath: codingPath)
        } else {
            try value.encode(to: MultipartPayloadEncoder(collector: self, slot: slot, codingPath: codingPath))
        }
    }

    /// Adds a text field for a scalar.
    ///
    /// - Throws: ``MultipartForm/PayloadError/topLevelNotKeyed(found:)`` at the top level.
    func placeText(_ text: String, in slot: MultipartPayloadSlot, codingPath: [any CodingKey]) throws {
        try place(codingPath: codingPath, in: slot) { form, name in form.append(text, name: name) }
    }

    /// Adds a text field for a floating-point number.
    ///
    /// - Throws: ``MultipartForm/PayloadError/nonFiniteNumber(path:)`` for NaN and infinity.
    func placeNumber<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ number: F,
        in slot: MultipartPayloadSlot,
        codingPath: [any CodingKey]
    ) throws {
        guard number.isFinite else {
            throw MultipartForm.PayloadError.nonFiniteNumber(path: Self.describe(codingPath))
        }
        try placeText(number.description, in: slot, codingPath: codingPath)
    }

    /// Omits a `nil` value.
    ///
    /// - Throws: ``MultipartForm/PayloadError/topLevelNotKeyed(found:)`` at the top level.
    func placeNil(in slot: MultipartPayloadSlot) throws {
        if case .root = slot {
            throw MultipartForm.PayloadError.topLevelNotKeyed(found: "nil")
        }
    }

    private func place(
        codingPath: [any CodingKey],
        in slot: MultipartPayloadSlot,
        _ append: (inout MultipartForm, String) -> Void
    ) throws {
        switch slot {
        case .root:
            throw MultipartForm.PayloadError.topLevelNotKeyed(found: "a single value")
        case .field(let name), .element(let name):
            append(&form, name)
        case .discarded:
            break
        }
    }

    /// A coding path with bracketed keys, e.g. `photos[2]` or `author[name]`.
    static func describe(_ codingPath: [any CodingKey]) -> String {
        var description = ""
        for (position, key) in codingPath.enumerated() {
            let text = key.intValue.map(String.init) ?? key.stringValue
            description += position == 0 ? text : "[\(text)]"
        }
        return description
    }
}

/// The `Encoder` a payload encodes itself into; what a container does depends on its slot.
final class MultipartPayloadEncoder: Encoder {
    let collector: MultipartPayloadCollector
    let slot: MultipartPayloadSlot
    let codingPath: [any CodingKey]

    init(collector: MultipartPayloadCollector, slot: MultipartPayloadSlot, codingPath: [any CodingKey]) {
        self.collector = collector
        self.slot = slot
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        var isActive = false
        switch slot {
        case .root:
            isActive = true
        case .field, .element:
            collector.fail(.nestedObject(path: MultipartPayloadCollector.describe(codingPath)))
        case .discarded:
            break
        }
        return KeyedEncodingContainer(MultipartKeyedContainer<Key>(
            collector: collector, isActive: isActive, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = MultipartPayloadCollector.describe(codingPath)
        switch slot {
        case .field(let name):
            return MultipartUnkeyedContainer(collector: collector, elementSlot: .element(name), codingPath: codingPath)
        case .root:
            collector.fail(.topLevelNotKeyed(found: "an array"))
        case .element:
            collector.fail(.nestedArray(path: path))
        case .discarded:
            break
        }
        return MultipartUnkeyedContainer(collector: collector, elementSlot: .discarded, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        MultipartSingleValueContainer(collector: collector, slot: slot, codingPath: codingPath)
    }
}

/// A key the payload encoder makes up for coding paths: an array index, or `super`.
struct MultipartPayloadKey: CodingKey {
    static let `super` = MultipartPayloadKey(stringValue: "super")

    let stringValue: String
    let intValue: Int?

    init(index: Int) {
        stringValue = String(index)
        intValue = index
    }

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        self.init(index: intValue)
    }
}
