import Foundation
import Quiver

/// A fixture's JSON body as values, for ``Fixture``'s `Codable` conformance: like `JSONValue`,
/// but numbers are `Decimal`s, which keep integers beyond 2^53 and decimal fractions exact to 38
/// digits, where a `Double` would round them.
enum FixtureBodyValue: Codable, Sendable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([FixtureBodyValue])
    case object([String: FixtureBodyValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode([FixtureBodyValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FixtureBodyValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
