import Foundation
import Quiver

/// Compares a JSON body with the values an expectation names: every key the expectation names
/// must be there with an equal value, at any depth; keys it does not name may be anything.
enum JSONSubset {
    /// The differences between `expected` and `actual`, key path by key path.
    ///
    /// - Parameters:
    ///   - expected: The values asked for.
    ///   - actual: The body, or `nil` when the request has no JSON body.
    static func differences(_ expected: Parameters, in actual: JSONValue?) -> [RequestDifference] {
        guard let actual else {
            return [RequestDifference(subject: "json", name: nil, expected: "a JSON body", actual: "none")]
        }
        return differences(.object(expected.values), actual, path: [])
    }

    private static func differences(_ expected: Parameters.Value, _ actual: JSONValue?, path: [String]) -> [RequestDifference] {
        switch (expected, actual) {
        case (.object(let members), .object(let object)?):
            return members.sorted { $0.key < $1.key }.flatMap { key, value in
                differences(value, object[key], path: path + [key])
            }
        case (.array(let elements), .array(let array)?) where elements.count == array.count:
            return zip(elements, array).enumerated().flatMap { index, pair in
                differences(pair.0, pair.1, path: path + ["\(index)"])
            }
        case (.null, nil), (.null, .null?):
            return []
        default:
            guard let actual, matches(expected, actual) else {
                let subject = path.isEmpty ? "json" : "json " + path.joined(separator: ".")
                return [RequestDifference(subject: subject, name: path.last, expected: text(expected),
                                          actual: actual.map(text))]
            }
            return []
        }
    }

    /// Whether a scalar matches; a date matches any spelling `JSONEncoder` writes it in.
    private static func matches(_ expected: Parameters.Value, _ actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .number(let b)): return Double(a) == b
        case (.double(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.date(let date), .number(let b)):
            return [date.timeIntervalSinceReferenceDate, date.timeIntervalSince1970,
                    date.timeIntervalSince1970 * 1000].contains(b)
        case (.date(let date), .string(let b)):
            return date.formatted(.iso8601) == b || date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) == b
        default: return false
        }
    }

    /// A value as JSON text.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        case .string(let string): quoted(string)
        case .array(let array): "[" + array.map(text).joined(separator: ", ") + "]"
        case .object(let object): "{" + object.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// An expected value as JSON text.
    static func text(_ value: Parameters.Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .int(let int): "\(int)"
        case .double(let double): "\(double)"
        case .string(let string): quoted(string)
        case .date(let date): date.formatted(.iso8601)
        case .array(let array): "[" + array.map(text).joined(separator: ", ") + "]"
        case .object(let object): "{" + object.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A string as a JSON string literal would show it.
    static func quoted(_ string: String) -> String {
        let data = (try? JSONEncoder().encode(string)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
