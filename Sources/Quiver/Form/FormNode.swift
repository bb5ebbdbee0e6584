/// A node of a tree that `FormSerializer` can write: a `Parameters.Value`
/// (the fast path for `Parameters`) or an `EncodingNode` (recorded from an
/// `Encodable` model).
protocol FormNode {
    /// Writes the node as the value whose key ends in `suffix`: scalars as
    /// one pair, containers as the pairs of their contents, null as
    /// nothing.
    func write(to serializer: inout FormSerializer, suffix: FormSerializer.KeySuffix) throws(FormEncoder.Error)

    /// What the node is as an element of a comma-separated array.
    func commaSeparatedElement() throws(FormEncoder.Error) -> CommaSeparatedElement
}

/// An array element as `ArrayEncoding.commaSeparated` sees it.
enum CommaSeparatedElement {
    /// Null: skipped.
    case omitted
    /// A scalar, joined with the others.
    case scalar(Parameters.Value)
    /// An array or object, which cannot be joined.
    case container
}

extension Parameters.Value: FormNode {
    func write(to serializer: inout FormSerializer, suffix: FormSerializer.KeySuffix) throws(FormEncoder.Error) {
        switch self {
        case .null:
            return
        case .string, .int, .double, .bool, .date:
            serializer.beginPair(suffix: suffix)
            try serializer.writeScalarValue(self, suffix: suffix)
        case .object(let object):
            try serializer.writeObject(object, under: suffix)
        case .array(let elements):
            try serializer.writeArray(elements, under: suffix)
        }
    }

    func commaSeparatedElement() -> CommaSeparatedElement {
        switch self {
        case .null: return .omitted
        case .string, .int, .double, .bool, .date: return .scalar(self)
        case .array, .object: return .container
        }
    }
}

extension EncodingNode: FormNode {
    func write(to serializer: inout FormSerializer, suffix: FormSerializer.KeySuffix) throws(FormEncoder.Error) {
        switch self {
        case .value(let value):
            try value.write(to: &serializer, suffix: suffix)
        case .object(let storage):
            try serializer.writeObject(storage, under: suffix)
        case .array(let storage):
            try serializer.writeArray(storage.elements, under: suffix)
        case .deferred(let encoder):
            try encoder.finishedNode()?.write(to: &serializer, suffix: suffix)
        }
    }

    func commaSeparatedElement() throws(FormEncoder.Error) -> CommaSeparatedElement {
        switch self {
        case .value(let value): return value.commaSeparatedElement()
        case .object, .array: return .container
        case .deferred(let encoder): return try encoder.finishedNode()?.commaSeparatedElement() ?? .omitted
        }
    }
}

extension ParametersEncoder {
    /// What a `superEncoder()` recorded, once its user has finished with it.
    ///
    /// - Throws: The misuse recorded while it was used, if any.
    func finishedNode() throws(FormEncoder.Error) -> EncodingNode? {
        if let failure {
            throw failure
        }
        return node
    }
}
