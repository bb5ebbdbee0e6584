// Query and form encoding: the public `FormEncoder` on an `Encodable` tree built from the input
// (keyed, unkeyed and single-value containers, nulls, strings, integers, doubles, Booleans),
// with the array, Boolean and space encodings drawn from the input, and on the same tree as
// `Parameters`.
//
// Input: three option bytes, then the tree (a kind byte per node; names and strings as
// length-prefixed UTF-8).
// Properties:
// - the output is `name=value` pairs joined by `&`, and nothing but unreserved characters and
//   `%XX` escapes stands inside a name or value (no unescaped `&`, `=`, `#`, `+` or space: a `+`
//   only stands for a space under `.plusReplaced`, a `,` only between the elements of a
//   `.commaSeparated` array);
// - decoded by the harness's own decoder (split at `&` and the first `=`, then percent-decoded,
//   `+` as a space under `.plusReplaced`) it gives back exactly the pairs the tree means, in
//   order: names sorted at every level, nested ones in brackets, arrays as the option says,
//   nulls and empty containers left out, the last of equal names kept; integers and Booleans as
//   written, doubles reading back as the same number;
// - it throws exactly when the tree holds a non-finite double or (comma-separated) an array
//   holding a container;
// - the `Parameters` spelling of the tree encodes to the same text.
import Foundation
@testable import Quiver

enum FormEncodingHarness: FuzzHarness {
    static let name = "FormEncoding"

    /// The tree: what the encoder is given.
    indirect enum Tree: Encodable {
        case null
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case array([Tree])
        case object([(String, Tree)])

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .string(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .int(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .double(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .bool(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(element) }
            case .object(let members):
                var container = encoder.container(keyedBy: Key.self)
                for (name, member) in members { try container.encode(member, forKey: Key(stringValue: name)) }
            }
        }

        var parameter: Parameters.Value {
            switch self {
            case .null: .null
            case .string(let value): .string(value)
            case .int(let value): .int(value)
            case .double(let value): .double(value)
            case .bool(let value): .bool(value)
            case .array(let elements): .array(elements.map(\.parameter))
            case .object(let members): .object(Dictionary(members.map { ($0.0, $0.1.parameter) }, uniquingKeysWith: { _, last in last }))
            }
        }
    }

    enum Scalar: Equatable {
        case text(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
    }

    /// One pair the tree means: the full name (brackets unescaped) and its values (one, or a
    /// comma-separated array's several).
    struct Pair {
        var name: String
        var values: [Scalar]
    }

    struct Unwritable: Error {}

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let arrayEncoding: FormEncoder.ArrayEncoding = [.brackets, .noBrackets, .indexInBrackets, .commaSeparated][Int(input.byte() % 4)]
        let plus = input.byte() % 2 == 1
        let numericBools = input.byte() % 2 == 1
        var members: [(String, Tree)] = []
        let count = input.int(in: 0...6)
        var budget = 64
        for _ in 0..<count where !input.isAtEnd {
            members.append((input.string(upTo: 12), tree(&input, depth: 0, budget: &budget)))
        }
        let root = Tree.object(members)
        let encoder = FormEncoder(arrayEncoding: arrayEncoding, boolEncoding: numericBools ? .numeric : .literal,
                                  spaceEncoding: plus ? .plusReplaced : .percentEscaped)

        var expected: [Pair]? = []
        do {
            try flatten(root, name: nil, arrayEncoding: arrayEncoding, into: &expected!)
        } catch {
            expected = nil
        }
        let text: String
        do {
            text = try encoder.encode(root)
        } catch {
            require(expected == nil, "encoding \(root) threw \(error), expected \(expected!.count) pairs")
            return
        }
        guard let expected else { FuzzFailure.report("\(root) should not encode, gave \(text.debugDescription)") }

        // Only unreserved characters, escapes and the separators.
        let form = Array(text.utf8)
        var index = 0
        while index < form.count {
            let byte = form[index]
            if byte == UInt8(ascii: "%") {
                require(index + 2 < form.count && isHex(form[index + 1]) && isHex(form[index + 2]), "a bare % in \(text.debugDescription)")
                index += 3
                continue
            }
            let allowed = isUnreserved(byte) || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "=")
                || (plus && byte == UInt8(ascii: "+")) || (arrayEncoding == .commaSeparated && byte == UInt8(ascii: ","))
            require(allowed, "byte \(byte) stands unescaped in \(text.debugDescription)")
            index += 1
        }

        // The harness's decoder.
        let pieces = text.isEmpty ? [] : text.split(separator: "&", omittingEmptySubsequences: false)
        require(pieces.count == expected.count, "\(pieces.count) pairs in \(text.debugDescription), expected \(expected.count)")
        for (piece, pair) in zip(pieces, expected) {
            let halves = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            require(halves.count == 2, "no = in \(piece)")
            require(!halves[1].contains("="), "a second = in \(piece)")
            let name = decode(halves[0], plus: plus)
            require(name == pair.name, "name \(String(describing: name?.debugDescription)) in \(text.debugDescription), expected \(pair.name.debugDescription)")
            // A literal comma only ever separates the elements of a comma-separated array.
            let values = arrayEncoding == .commaSeparated
                ? halves[1].split(separator: ",", omittingEmptySubsequences: false)
                : [halves[1]]
            require(values.count == pair.values.count, "\(values.count) values in \(piece), expected \(pair.values)")
            for (written, value) in zip(values, pair.values) {
                guard let written = decode(written, plus: plus) else { FuzzFailure.report("\(piece) does not decode") }
                switch value {
                case .text(let string):
                    require(written == string, "value \(written.debugDescription), expected \(string.debugDescription)")
                case .int(let int):
                    require(written == String(int), "value \(written), expected \(int)")
                case .bool(let bool):
                    require(written == (numericBools ? (bool ? "1" : "0") : String(bool)), "value \(written) for \(bool)")
                case .double(let double):
                    require(Double(written) == double, "value \(written) reads back as \(String(describing: Double(written))), expected \(double)")
                }
            }
        }

        // The same tree as `Parameters`, where its names are distinct (a dictionary keeps one).
        if case .object = root, distinctNames(root) {
            guard case .object(let object) = root.parameter else { return }
            let parameters = Parameters(object)
            require((try? encoder.encode(parameters)) == text, "Parameters encode to \(String(describing: try? encoder.encode(parameters))), the model to \(text)")
        }
    }

    static func tree(_ input: inout FuzzInput, depth: Int, budget: inout Int) -> Tree {
        budget -= 1
        let kind = input.byte()
        switch kind % 8 {
        case 0: return .null
        case 1, 2: return .string(input.string(upTo: 16))
        case 3: return .int(Int(Int64(bitPattern: UInt64(input.byte()) << 56 | UInt64(input.byte()) << 8 | UInt64(input.byte()))) >> Int(kind >> 3))
        case 4:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(input.byte()) }
            return .double(kind & 0x80 != 0 ? Double(bitPattern: bits) : Double(Int64(bitPattern: bits) >> 40) / 8)
        case 5: return .bool(kind & 0x80 != 0)
        case 6:
            guard depth < 5, budget > 0 else { return .null }
            let count = input.int(in: 0...4)
            return .array((0..<count).map { _ in tree(&input, depth: depth + 1, budget: &budget) })
        default:
            guard depth < 5, budget > 0 else { return .string("") }
            let count = input.int(in: 0...4)
            return .object((0..<count).map { _ in (input.string(upTo: 8), tree(&input, depth: depth + 1, budget: &budget)) })
        }
    }

    /// The pairs `tree` means under `name` (nil: the top level), as FormEncoder documents them.
    static func flatten(_ tree: Tree, name: String?, arrayEncoding: FormEncoder.ArrayEncoding,
                        into pairs: inout [Pair]) throws {
        switch tree {
        case .null: return
        case .string(let value): pairs.append(Pair(name: name!, values: [.text(value)]))
        case .int(let value): pairs.append(Pair(name: name!, values: [.int(value)]))
        case .bool(let value): pairs.append(Pair(name: name!, values: [.bool(value)]))
        case .double(let value):
            guard value.isFinite else { throw Unwritable() }
            pairs.append(Pair(name: name!, values: [.double(value)]))
        case .object(let members):
            // The last of equal names (as `String` compares them) wins; sorted by name.
            var kept: [(String, Tree)] = []
            for (index, member) in members.enumerated()
            where !members[(index + 1)...].contains(where: { $0.0 == member.0 }) {
                kept.append(member)
            }
            kept.sort { $0.0 < $1.0 }
            for (member, value) in kept {
                try flatten(value, name: name.map { "\($0)[\(member)]" } ?? member, arrayEncoding: arrayEncoding, into: &pairs)
            }
        case .array(let elements):
            guard !elements.isEmpty else { return }
            switch arrayEncoding {
            case .brackets:
                for element in elements { try flatten(element, name: name! + "[]", arrayEncoding: arrayEncoding, into: &pairs) }
            case .noBrackets:
                for element in elements { try flatten(element, name: name!, arrayEncoding: arrayEncoding, into: &pairs) }
            case .indexInBrackets:
                for (index, element) in elements.enumerated() {
                    try flatten(element, name: name! + "[\(index)]", arrayEncoding: arrayEncoding, into: &pairs)
                }
            case .commaSeparated:
                var values: [Scalar] = []
                for element in elements {
                    switch element {
                    case .null: continue
                    case .array, .object: throw Unwritable()
                    case .string(let value): values.append(.text(value))
                    case .int(let value): values.append(.int(value))
                    case .bool(let value): values.append(.bool(value))
                    case .double(let value):
                        guard value.isFinite else { throw Unwritable() }
                        values.append(.double(value))
                    }
                }
                if !values.isEmpty { pairs.append(Pair(name: name!, values: values)) }
            }
        }
    }

    static func distinctNames(_ tree: Tree) -> Bool {
        switch tree {
        case .object(let members):
            for (index, member) in members.enumerated() where members[(index + 1)...].contains(where: { $0.0 == member.0 }) {
                return false
            }
            return members.allSatisfy { distinctNames($0.1) }
        case .array(let elements): return elements.allSatisfy(distinctNames)
        default: return true
        }
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Percent-decoding as a server does it (`+` as a space in a form); nil for bytes that are
    /// not UTF-8.
    static func decode(_ text: Substring, plus: Bool) -> String? {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2, let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(value)
                bytes = bytes.dropFirst(2)
            } else if plus, byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else {
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}
