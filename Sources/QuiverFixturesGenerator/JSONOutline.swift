/// What a syntax check learns about a JSON text besides its validity: the kind of its top-level
/// value and, for an object, its keys and where each one is written.
struct JSONOutline: Sendable {
    /// The kind of a JSON value.
    enum Kind: Sendable, Equatable {
        case object, array, string, number, literal
    }

    /// The kind of the top-level value.
    var kind: Kind
    /// The keys of a top-level object, in order of appearance, each with the position of its
    /// opening quote; empty for any other value.
    var keys: [(name: String, position: SourcePosition)]

    /// The position of the first occurrence of `key` in a top-level object.
    func position(of key: String) -> SourcePosition? {
        keys.first { $0.name == key }?.position
    }
}
