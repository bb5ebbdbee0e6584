import Foundation

/// A dictionary of dynamically typed request parameters.
///
/// `Parameters` can be written as a dictionary literal whose values are
/// themselves literals, which makes ad-hoc query strings and JSON bodies
/// read naturally:
///
/// ```swift
/// let parameters: Parameters = [
///     "page": 2,
///     "tags": ["swift", "http"],
///     "filter": ["q": "quiver", "since": .date(startDate)],
///     "cursor": nil,
/// ]
/// ```
///
/// Encode it as a query string or form body with ``FormEncoder``, which
/// omits ``Value/null`` values, or as a JSON object with `JSONEncoder`,
/// which writes them as `null`.
///
/// Parameters written as a literal keep the literal's pairs as they are
/// until they are first changed, so building a literal and encoding it
/// does not pay for hashing every key.
public struct Parameters: Sendable {
    /// How the pairs are held.
    enum Storage: Sendable {
        /// The pairs of a literal, in source order; when a key repeats, the
        /// last pair wins.
        case literal([(String, Value)])
        /// A dictionary, used once the parameters are built or changed
        /// through the dictionary API.
        case dictionary([String: Value])
    }

    private(set) var storage: Storage

    /// Creates parameters from a dictionary of values.
    ///
    /// - Parameter values: The initial parameters; empty by default.
    public init(_ values: [String: Value] = [:]) {
        storage = .dictionary(values)
    }

    /// The parameters as a plain dictionary.
    public var values: [String: Value] {
        get {
            switch storage {
            case .dictionary(let values):
                return values
            case .literal(let pairs):
                return Dictionary(pairs, uniquingKeysWith: { _, last in last })
            }
        }
        set {
            storage = .dictionary(newValue)
        }
    }

    /// Accesses the value stored for a key.
    ///
    /// Assigning `nil` removes the key. To keep the key with an explicit null
    /// value, assign ``Value/null`` instead.
    ///
    /// - Parameter key: The parameter name.
    /// - Returns: The value for `key`, or `nil` if the key is absent.
    public subscript(key: String) -> Value? {
        get {
            switch storage {
            case .dictionary(let values):
                return values[key]
            case .literal(let pairs):
                return pairs.last { $0.0 == key }?.1
            }
        }
        set {
            mutateValues { $0[key] = newValue }
        }
    }

    /// Returns these parameters combined with another set; on a clash the
    /// value from `other` wins.
    ///
    /// The merge is shallow: a nested object in `other` replaces the nested
    /// object with the same key rather than being merged into it.
    ///
    /// - Parameter other: The parameters to add, taking precedence.
    /// - Returns: The combined parameters.
    public func merging(_ other: Parameters) -> Parameters {
        var result = self
        result.merge(other)
        return result
    }

    /// Adds the parameters of another set; on a clash the value from `other`
    /// wins.
    ///
    /// - Parameter other: The parameters to add, taking precedence.
    mutating func merge(_ other: Parameters) {
        let additions = other.values
        mutateValues { $0.merge(additions) { _, new in new } }
    }

    /// Changes the parameters as a dictionary, converting literal storage
    /// first and without copying a uniquely held dictionary.
    private mutating func mutateValues(_ body: (inout [String: Value]) -> Void) {
        var values = self.values
        storage = .dictionary([:])
        body(&values)
        storage = .dictionary(values)
    }
}

extension Parameters: Hashable {
    /// Whether two sets of parameters hold the same keys with equal values,
    /// in any order.
    ///
    /// - Parameters:
    ///   - lhs: Some parameters.
    ///   - rhs: Other parameters.
    public static func == (lhs: Parameters, rhs: Parameters) -> Bool {
        lhs.values == rhs.values
    }

    /// Hashes the keys and values, independently of their order.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
    }
}

extension Parameters: ExpressibleByDictionaryLiteral {
    /// Creates parameters from a dictionary literal.
    ///
    /// If a key appears more than once, the last value wins.
    ///
    /// - Parameter elements: The key-value pairs of the literal.
    public init(dictionaryLiteral elements: (String, Value)...) {
        storage = .literal(elements)
    }
}

extension Parameters: Sequence {
    /// Returns an iterator over the key-value pairs, in no particular order.
    ///
    /// - Returns: An iterator over the parameters.
    public func makeIterator() -> Dictionary<String, Value>.Iterator {
        values.makeIterator()
    }
}

extension Parameters: Encodable {
    /// Encodes the parameters as a keyed container (a JSON object, say).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error the encoder raises.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ParametersCodingKey.self)
        for (key, value) in values {
            try container.encode(value, forKey: ParametersCodingKey(stringValue: key))
        }
    }
}

extension Parameters: CustomStringConvertible {
    /// A textual representation of the parameters with sorted keys.
    public var description: String {
        Value.object(values).description
    }
}
