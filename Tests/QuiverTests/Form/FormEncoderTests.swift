import Foundation
import Testing
@testable import Quiver

@Suite struct FormEncoderTests {
    let encoder = FormEncoder()

    // MARK: - Structure

    @Test func emptyParametersEncodeToEmptyString() throws {
        #expect(try encoder.encode(Parameters()) == "")
        #expect(try encoder.encodedData(Parameters()).isEmpty)
    }

    @Test func outputHasNoLeadingQuestionMark() throws {
        #expect(try encoder.encode(["a": 1, "b": 2] as Parameters) == "a=1&b=2")
    }

    @Test func keysAreSortedAtEveryLevel() throws {
        let parameters: Parameters = [
            "zeta": 1, "alpha": 2, "Mid": 3, "mid": 4, "_u": 5, "a1": 6, "a": 7,
            "nested": ["z": 1, "b": 2, "B": 3, "y": ["k": 1, "c": 2]],
        ]
        let expected = "Mid=3&_u=5&a=7&a1=6&alpha=2&mid=4"
            + "&nested%5BB%5D=3&nested%5Bb%5D=2&nested%5By%5D%5Bc%5D=2&nested%5By%5D%5Bk%5D=1&nested%5Bz%5D=1"
            + "&zeta=1"
        #expect(try encoder.encode(parameters) == expected)
    }

    @Test func outputIsDeterministicAcrossEquivalentInputs() throws {
        var forward = Parameters()
        var backward = Parameters()
        let keys = (0..<200).map { "key\($0)" }
        for key in keys { forward[key] = .string(key) }
        for key in keys.reversed() { backward[key] = .string(key) }
        let first = try encoder.encode(forward)
        #expect(try encoder.encode(backward) == first)
        #expect(try encoder.encode(forward) == first)
        let names = first.split(separator: "&").map { String($0.split(separator: "=")[0]) }
        #expect(names == names.sorted())
    }

    @Test func nestedObjectsUseBracketedKeys() throws {
        let parameters: Parameters = ["a": ["b": "c"], "x": ["y": ["z": "d"]]]
        #expect(try encoder.encode(parameters) == "a%5Bb%5D=c&x%5By%5D%5Bz%5D=d")
    }

    @Test func longKeysAndValuesOutgrowTheStackBuffers() throws {
        let longKey = String(repeating: "k", count: 400)
        let longValue = String(repeating: "v ", count: 3000)
        let parameters: Parameters = ["outer": .object([longKey: ["inner": .string(longValue)]])]
        let expected = "outer%5B\(longKey)%5D%5Binner%5D=" + String(repeating: "v%20", count: 3000)
        #expect(try encoder.encode(parameters) == expected)
    }

    // MARK: - Arrays

    @Test(arguments: [
        (FormEncoder.ArrayEncoding.brackets, "a%5B%5D=1&a%5B%5D=2&a%5B%5D=x"),
        (.noBrackets, "a=1&a=2&a=x"),
        (.indexInBrackets, "a%5B0%5D=1&a%5B1%5D=2&a%5B2%5D=x"),
        (.commaSeparated, "a=1,2,x"),
    ])
    func arraysFollowTheArrayEncoding(encoding: FormEncoder.ArrayEncoding, expected: String) throws {
        let encoder = FormEncoder(arrayEncoding: encoding)
        #expect(try encoder.encode(["a": [1, 2, "x"]] as Parameters) == expected)
    }

    @Test(arguments: [
        (FormEncoder.ArrayEncoding.brackets, "o%5Ba%5D%5B%5D=1&o%5Ba%5D%5B%5D=2"),
        (.noBrackets, "o%5Ba%5D=1&o%5Ba%5D=2"),
        (.indexInBrackets, "o%5Ba%5D%5B0%5D=1&o%5Ba%5D%5B1%5D=2"),
        (.commaSeparated, "o%5Ba%5D=1,2"),
    ])
    func arraysInsideObjectsKeepTheObjectKey(encoding: FormEncoder.ArrayEncoding, expected: String) throws {
        let encoder = FormEncoder(arrayEncoding: encoding)
        #expect(try encoder.encode(["o": ["a": [1, 2]]] as Parameters) == expected)
    }

    @Test(arguments: [
        (FormEncoder.ArrayEncoding.brackets, "a%5B%5D%5Bb%5D=c&a%5B%5D%5Bb%5D=d&a%5B%5D%5Be%5D=f"),
        (.noBrackets, "a%5Bb%5D=c&a%5Bb%5D=d&a%5Be%5D=f"),
        (.indexInBrackets, "a%5B0%5D%5Bb%5D=c&a%5B1%5D%5Bb%5D=d&a%5B1%5D%5Be%5D=f"),
    ])
    func objectsInsideArraysNestUnderTheArrayKey(encoding: FormEncoder.ArrayEncoding, expected: String) throws {
        let encoder = FormEncoder(arrayEncoding: encoding)
        let parameters: Parameters = ["a": [["b": "c"], ["e": "f", "b": "d"]]]
        #expect(try encoder.encode(parameters) == expected)
    }

    @Test func nestedArraysRepeatTheBrackets() throws {
        #expect(try encoder.encode(["a": [[1], [2, 3]]] as Parameters) == "a%5B%5D%5B%5D=1&a%5B%5D%5B%5D=2&a%5B%5D%5B%5D=3")
        let indexed = FormEncoder(arrayEncoding: .indexInBrackets)
        #expect(try indexed.encode(["a": [[1], [2]]] as Parameters) == "a%5B0%5D%5B0%5D=1&a%5B1%5D%5B0%5D=2")
    }

    @Test(arguments: [
        ["a": [["b": "c"]]] as Parameters,
        ["a": [1, [2, 3]]] as Parameters,
        ["a": [[:]]] as Parameters,
    ])
    func commaSeparatedArraysRejectNonScalarElements(parameters: Parameters) {
        let encoder = FormEncoder(arrayEncoding: .commaSeparated)
        let error = #expect(throws: FormEncoder.Error.self) { try encoder.encode(parameters) }
        guard case .nonScalarInCommaSeparatedArray(let path)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path == "a")
        #expect(error?.description.contains("'a'") == true)
    }

    @Test func commaSeparatedArraysSkipNullsAndEscapeCommasInValues() throws {
        let encoder = FormEncoder(arrayEncoding: .commaSeparated)
        #expect(try encoder.encode(["a": ["x,y", nil, "z"]] as Parameters) == "a=x%2Cy,z")
        #expect(try encoder.encode(["a": [nil, nil], "b": 1] as Parameters) == "b=1")
    }

    @Test func indicesAreOriginalPositionsWhenElementsAreOmitted() throws {
        let encoder = FormEncoder(arrayEncoding: .indexInBrackets)
        #expect(try encoder.encode(["a": ["x", nil, [], "y"]] as Parameters) == "a%5B0%5D=x&a%5B3%5D=y")
    }

    // MARK: - Omission

    @Test(arguments: Self.allArrayEncodings)
    func nullsAndEmptyContainersAreOmitted(encoding: FormEncoder.ArrayEncoding) throws {
        let encoder = FormEncoder(arrayEncoding: encoding)
        let parameters: Parameters = [
            "null": nil, "emptyArray": [], "emptyObject": [:], "nestedEmpty": ["a": [:], "b": [], "c": nil],
            "kept": "yes",
        ]
        #expect(try encoder.encode(parameters) == "kept=yes")
        #expect(try encoder.encode(["only": nil] as Parameters) == "")
    }

    @Test func emptyStringsAreKeptAsEmptyValues() throws {
        #expect(try encoder.encode(["a": "", "b": 1] as Parameters) == "a=&b=1")
    }

    // MARK: - Scalars

    @Test(arguments: [
        (FormEncoder.BoolEncoding.literal, "f=false&t=true"),
        (.numeric, "f=0&t=1"),
    ])
    func boolsFollowTheBoolEncoding(encoding: FormEncoder.BoolEncoding, expected: String) throws {
        let encoder = FormEncoder(boolEncoding: encoding)
        #expect(try encoder.encode(["t": true, "f": false] as Parameters) == expected)
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (-42, "-42"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func integersAreWrittenPlainly(value: Int, expected: String) throws {
        #expect(try encoder.encode(["n": .int(value)] as Parameters) == "n=\(expected)")
    }

    @Test(arguments: [
        (2.0, "2"), (0.5, "0.5"), (-0.0, "0"), (-3.0, "-3"), (0.1, "0.1"), (1.0 / 3.0, "0.3333333333333333"),
        (0.1 + 0.2, "0.30000000000000004"), (123_456_789.0, "123456789"), (-2.5, "-2.5"),
        (1e20, "1e%2B20"), (1.5e-7, "1.5e-07"), (9_007_199_254_740_991.0, "9007199254740991"),
        (9_007_199_254_740_992.0, "9007199254740992"), (1e16, "1e%2B16"), (-1e300, "-1e%2B300"),
        (.leastNonzeroMagnitude, "5e-324"),
    ])
    func doublesUseTheShortestRoundTrippingText(value: Double, expected: String) throws {
        #expect(try encoder.encode(["d": .double(value)] as Parameters) == "d=\(expected)")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteDoublesThrow(value: Double) {
        let parameters: Parameters = ["outer": ["ratio": .double(value)]]
        let error = #expect(throws: FormEncoder.Error.self) { try encoder.encode(parameters) }
        guard case .nonFiniteNumber(let path)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path == "outer[ratio]")
    }

    // MARK: - Top level and entry points

    @Test func encodableOverloadTakesTheParametersFastPath() throws {
        let parameters: Parameters = ["b": [1, 2], "a": ["c": .date(Date(timeIntervalSince1970: 0))], "n": nil]
        let direct = try encoder.encode(parameters)
        #expect(try encoder.encode(Boxed(parameters)) == direct)
        #expect(try encodeGenerically(parameters) == direct)
        #expect(try encodedDataGenerically(parameters) == Data(direct.utf8))
    }

    @Test func encodedDataIsTheUTF8OfTheString() throws {
        let parameters: Parameters = ["name": "José & Co", "list": [1, 2]]
        #expect(try encoder.encodedData(parameters) == Data(try encoder.encode(parameters).utf8))
        let model = ListQuery(offset: 10, limit: 20)
        #expect(try encoder.encodedData(model) == Data("limit=20&offset=10".utf8))
    }

    @Test func topLevelScalarsAndArraysThrow() {
        func expectNotKeyed(_ value: some Encodable, found: String) {
            let error = #expect(throws: FormEncoder.Error.self) { try encoder.encode(value) }
            guard case .topLevelNotKeyed(let kind)? = error else {
                Issue.record("unexpected error \(String(describing: error))")
                return
            }
            #expect(kind == found)
            #expect(error?.description.contains("top level") == true)
        }
        expectNotKeyed([1, 2, 3], found: "an array")
        expectNotKeyed("text", found: "a string")
        expectNotKeyed(42, found: "an integer")
        expectNotKeyed(1.5, found: "a floating-point number")
        expectNotKeyed(true, found: "a Boolean")
        expectNotKeyed(Date(), found: "a date")
        expectNotKeyed(Parameters.Value.array([1]), found: "an array")
        expectNotKeyed(Int?.none, found: "null")
    }

    @Test func errorsAreSendableAndDescribeTheProblem() {
        let errors: [FormEncoder.Error] = [
            .topLevelNotKeyed(found: "an array"),
            .nonFiniteNumber(path: "a[b]"),
            .nonScalarInCommaSeparatedArray(path: "tags"),
            .dateOutOfRange(path: "since"),
            .dateEncodingFailed(path: "since", underlying: CocoaError(.coderInvalidValue)),
            .unsupportedValue(path: "", reason: "a reason"),
        ]
        let sendable: any Sendable = errors
        #expect(sendable is [FormEncoder.Error])
        for error in errors {
            #expect(error.description.hasPrefix("FormEncoder"))
        }
        #expect(errors[1].description.contains("a[b]"))
        #expect(errors[5].description.contains("a reason"))
    }
}

extension FormEncoderTests {
    static let allArrayEncodings: [FormEncoder.ArrayEncoding] = [
        .brackets, .noBrackets, .indexInBrackets, .commaSeparated,
    ]

    /// A minimal model, as in `struct ListQuery: Encodable { var offset: Int; var limit: Int }`.
    struct ListQuery: Encodable {
        var offset: Int
        var limit: Int
    }

    /// Wraps a value so it reaches the encoder through `encode(to:)` of
    /// another type, i.e. through the Encoder machinery rather than a direct
    /// overload.
    struct Boxed<Wrapped: Encodable>: Encodable {
        let wrapped: Wrapped
        init(_ wrapped: Wrapped) { self.wrapped = wrapped }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(wrapped)
        }
    }

    /// Calls the `some Encodable` overloads from a generic context, where the
    /// `Parameters` overloads cannot be chosen statically.
    func encodeGenerically<T: Encodable>(_ value: T) throws -> String {
        try encoder.encode(value)
    }

    func encodedDataGenerically<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encodedData(value)
    }
}
