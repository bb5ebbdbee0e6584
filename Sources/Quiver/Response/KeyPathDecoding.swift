import Foundation

/// Decodes a value nested inside a JSON document without re-serializing it: the decoder walks
/// down the path with `superDecoder`, and the value is decoded where it stands, so the
/// decoder's date, data and key strategies still apply.
enum KeyPathDecoding {
    @TaskLocal private static var path: [String] = []

    static func decode<D: Decodable>(_ type: D.Type, at keyPath: String, from data: Data,
                                     using decoder: JSONDecoder) throws -> D {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return try $path.withValue(components) {
            try decoder.decode(Root<D>.self, from: data).value
        }
    }

    /// The top of the document; walks to the value on the path and decodes it.
    private struct Root<Value: Decodable>: Decodable {
        let value: Value

        init(from decoder: any Decoder) throws {
            var current = decoder
            for component in KeyPathDecoding.path {
                current = try Self.step(into: current, at: component)
            }
            value = try current.singleValueContainer().decode(Value.self)
        }

        private static func step(into decoder: any Decoder, at component: String) throws -> any Decoder {
            if let index = Int(component), var array = try? decoder.unkeyedContainer() {
                guard index >= 0, index < (array.count ?? 0) else {
                    throw DecodingError.valueNotFound(Value.self, .init(
                        codingPath: array.codingPath,
                        debugDescription: "No element at index \(index) (the array has \(array.count ?? 0))."))
                }
                for _ in 0..<index {
                    _ = try array.superDecoder()
                }
                return try array.superDecoder()
            }
            let object = try decoder.container(keyedBy: PathKey.self)
            let key = PathKey(stringValue: component)
            guard object.contains(key) else {
                throw DecodingError.keyNotFound(key, .init(
                    codingPath: object.codingPath, debugDescription: "No value for the key \"\(component)\"."))
            }
            return try object.superDecoder(forKey: key)
        }
    }

    private struct PathKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
