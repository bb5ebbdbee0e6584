import Foundation

extension Parameters {
    /// A dynamically typed parameter value: a scalar, an array or a nested
    /// object.
    ///
    /// Values are usually written as literals — `"text"`, `42`, `0.5`, `true`,
    /// `["a", "b"]`, `["key": "value"]` or `nil` — while dates use
    /// ``date(_:)`` explicitly.
    public enum Value: Sendable, Hashable {
        /// A string.
        case string(String)
        /// An integer.
        case int(Int)
        /// A floating-point number.
        case double(Double)
        /// A Boolean, written as the encoder's Boolean strategy dictates.
        case bool(Bool)
        /// A point in time, written as the encoder's date strategy dictates.
        case date(Date)
        /// An ordered list of values.
        case array([Value])
        /// A nested object.
        case object([String: Value])
        /// An explicit absence of a value: omitted from form encoding and
        /// written as `null` in JSON.
        case null
    }
}

extension Parameters.Value: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// Creates a string value from a string literal.
    ///
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension Parameters.Value: ExpressibleByIntegerLiteral {
    /// Creates an integer value from an integer literal.
    ///
    /// - Parameter value: The literal.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension Parameters.Value: ExpressibleByFloatLiteral {
    /// Creates a floating-point value from a float literal.
    ///
    /// - Parameter value: The literal.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension Parameters.Value: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value from `true` or `false`.
    ///
    /// - Parameter value: The literal.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension Parameters.Value: ExpressibleByArrayLiteral {
    /// Creates an array value from an array literal.
    ///
    /// - Parameter elements: The elements of the literal.
    public init(arrayLiteral elements: Parameters.Value...) {
        self = .array(elements)
    }
}

extension Parameters.Value: ExpressibleByDictionaryLiteral {
    /// Creates a nested object from a dictionary literal.
    ///
    /// If a key appears more than once, the last value wins.
    ///
    /// - Parameter elements: The key-value pairs of the literal.
    public init(dictionaryLiteral elements: (String, Parameters.Value)...) {
        var object = [String: Parameters.Value](minimumCapacity: elements.count)
        for (key, value) in elements {
            object[key] = value
        }
        self = .object(object)
    }
}

extension Parameters.Value: ExpressibleByNilLiteral {
    /// Creates ``null`` from `nil`.
    ///
    /// - Parameter nilLiteral: The `nil` literal.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension Parameters.Value: Encodable {
    /// Encodes the value in its natural shape: scalars as single values,
    /// arrays as unkeyed containers, objects as keyed containers, dates via
    /// the encoder's own date strategy and ``null`` as nil.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error the encoder raises.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            var container = encoder.container(keyedBy: ParametersCodingKey.self)
            for (key, value) in object {
                try container.encode(value, forKey: ParametersCodingKey(stringValue: key))
            }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .int(let int):
            var container = encoder.singleValueContainer()
            try container.encode(int)
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .date(let date):
            var container = encoder.singleValueContainer()
            try container.encode(date)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension Parameters.Value: CustomStringConvertible {
    /// A compact textual representation, for logging and debugging.
    public var description: String {
        switch self {
        case .string(let string): return string.debugDescription
        case .int(let int): return String(int)
        case .double(let double): return String(double)
        case .bool(let bool): return String(bool)
        case .date(let date): return "date(\(date))"
        case .array(let elements): return "[\(elements.map(\.description).joined(separator: ", "))]"
        case .object(let object):
            if object.isEmpty { return "[:]" }
            let body = object
                .sorted { $0.key < $1.key }
                .map { "\($0.key): \($0.value)" }
                .joined(separator: ", ")
            return "[\(body)]"
        case .null: return "nil"
        }
    }
}

extension Parameters.Value {
    /// A phrase naming the kind of this value, for error messages
    /// ("a string", "an array", …).
    var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a floating-point number"
        case .bool: return "a Boolean"
        case .date: return "a date"
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }
}
