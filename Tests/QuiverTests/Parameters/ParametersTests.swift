import Foundation
import Testing
@testable import Quiver

@Suite struct ParametersTests {
    static let someDate = Date(timeIntervalSince1970: 1_795_359_600)

    // MARK: - Literals and access

    @Test func literalsBuildTheMatchingValues() {
        let page = 7
        let p: Parameters = [
            "page": 2, "tags": ["a", "b"], "desc": true, "filter": ["q": "x", "since": .date(Self.someDate)],
            "ratio": 0.5, "none": nil, "label": "page \(page)",
        ]
        #expect(p.values == [
            "page": .int(2),
            "tags": .array([.string("a"), .string("b")]),
            "desc": .bool(true),
            "filter": .object(["q": .string("x"), "since": .date(Self.someDate)]),
            "ratio": .double(0.5),
            "none": .null,
            "label": .string("page 7"),
        ])
    }

    @Test func duplicateLiteralKeysKeepTheLastValue() {
        let parameters = Parameters(dictionaryLiteral: ("a", 1), ("a", 2))
        #expect(parameters["a"] == .int(2))
        let value = Parameters.Value(dictionaryLiteral: ("k", "x"), ("k", "y"))
        #expect(value == .object(["k": .string("y")]))
    }

    @Test func subscriptReadsWritesAndRemoves() {
        var parameters: Parameters = ["a": 1]
        #expect(parameters["a"] == .int(1))
        #expect(parameters["missing"] == nil)
        parameters["b"] = "two"
        #expect(parameters["b"] == .string("two"))
        parameters["a"] = nil
        #expect(parameters["a"] == nil)
        #expect(parameters.values.count == 1)
        parameters["c"] = .null
        #expect(parameters["c"] == .null)
        #expect(parameters.values.count == 2)
    }

    @Test func emptinessAndCountFollowTheEntries() {
        var parameters = Parameters()
        #expect(parameters.values.isEmpty)
        #expect(parameters.values.count == 0)
        parameters["x"] = 1
        #expect(!parameters.values.isEmpty)
        #expect(parameters.values.count == 1)
        #expect(Parameters(["a": 1, "b": 2]).values.count == 2)
    }

    @Test func iteratingVisitsEveryPair() {
        let parameters: Parameters = ["a": 1, "b": 2, "c": 3]
        var seen: [String: Parameters.Value] = [:]
        for (key, value) in parameters {
            seen[key] = value
        }
        #expect(seen == parameters.values)
        #expect(Set(parameters.values.keys) == ["a", "b", "c"])
        #expect(parameters.map(\.key).sorted() == ["a", "b", "c"])
    }

    // MARK: - Merging

    @Test func mergingPrefersTheOtherParameters() {
        let base: Parameters = ["page": 1, "sort": "name", "keep": true]
        let override: Parameters = ["page": 2, "extra": "x", "sort": nil]
        let merged = base.merging(override)
        #expect(merged == ["page": 2, "sort": nil, "keep": true, "extra": "x"])
        #expect(base == ["page": 1, "sort": "name", "keep": true])
        var mutated = base
        mutated.merge(override)
        #expect(mutated == merged)
    }

    @Test func mergingIsShallow() {
        let base: Parameters = ["filter": ["a": 1, "b": 2]]
        let merged = base.merging(["filter": ["b": 3]])
        #expect(merged["filter"] == ["b": 3])
    }

    @Test func mergingWithEmptyParametersChangesNothing() {
        let parameters: Parameters = ["a": 1]
        #expect(parameters.merging([:]) == parameters)
        #expect(Parameters().merging(parameters) == parameters)
    }

    // MARK: - Value semantics

    @Test func equalParametersHashEqually() {
        let first: Parameters = ["a": [1, 2], "b": ["c": nil]]
        let second: Parameters = ["b": ["c": nil], "a": [1, 2]]
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect(first != ["a": [2, 1], "b": ["c": nil]])
    }

    @Test func parametersAreSendableAcrossTasks() async {
        let parameters: Parameters = ["a": 1, "at": .date(Self.someDate)]
        let echoed = await Task.detached { parameters }.value
        #expect(echoed == parameters)
    }

    @Test func descriptionIsSortedAndReadable() {
        let parameters: Parameters = ["b": [1, "x"], "a": nil, "c": ["k": true]]
        #expect(parameters.description == #"[a: nil, b: [1, "x"], c: [k: true]]"#)
        #expect(Parameters().description == "[:]")
    }

    // MARK: - JSON

    @Test func encodesToTheNaturalJSONObject() throws {
        let parameters: Parameters = [
            "page": 2, "tags": ["a", "b"], "desc": true, "filter": ["q": "x", "deep": [1.5, nil]],
            "ratio": 0.5, "none": nil, "empty": [:], "list": [],
        ]
        #expect(try json(parameters) == #"{"desc":true,"empty":{},"filter":{"deep":[1.5,null],"q":"x"},"#
            + #""list":[],"none":null,"page":2,"ratio":0.5,"tags":["a","b"]}"#)
    }

    @Test func jsonDatesUseTheEncodersDateStrategy() throws {
        let parameters: Parameters = ["at": .date(Self.someDate), "list": [.date(Self.someDate)]]
        #expect(try json(parameters, dates: .secondsSince1970) == #"{"at":1795359600,"list":[1795359600]}"#)
        #expect(try json(parameters, dates: .iso8601)
            == #"{"at":"2026-11-22T15:00:00Z","list":["2026-11-22T15:00:00Z"]}"#)
    }

    @Test func jsonOutputDecodesBackToTheSameStructure() throws {
        struct Decoded: Decodable, Equatable {
            var name: String
            var count: Int
            var nested: [String: [Int]]
            var missing: String?
        }
        let parameters: Parameters = ["name": "quiver", "count": 3, "nested": ["a": [1, 2]], "missing": nil]
        let data = try JSONEncoder().encode(parameters)
        let decoded = try JSONDecoder().decode(Decoded.self, from: data)
        #expect(decoded == Decoded(name: "quiver", count: 3, nested: ["a": [1, 2]], missing: nil))
    }

    @Test func singleValuesEncodeAsJSONFragments() throws {
        #expect(try fragment(.string("s")) == #""s""#)
        #expect(try fragment(.int(-1)) == "-1")
        #expect(try fragment(.double(0.25)) == "0.25")
        #expect(try fragment(.bool(false)) == "false")
        #expect(try fragment(.null) == "null")
        #expect(try fragment(.array([])) == "[]")
    }

    private func json(
        _ parameters: Parameters,
        dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = dates
        return String(decoding: try encoder.encode(parameters), as: UTF8.self)
    }

    private func fragment(_ value: Parameters.Value) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}

@Suite struct ParametersStorageTests {
    @Test func literalAndDictionaryBuiltParametersAreEqual() {
        let literal: Parameters = ["a": 1, "b": ["c": true]]
        let built = Parameters(["b": ["c": true], "a": 1])
        #expect(literal == built)
        #expect(literal.hashValue == built.hashValue)
        #expect(literal.values == built.values)
    }

    @Test func repeatedLiteralKeysCountOnceAndKeepTheLastValue() throws {
        let parameters = Parameters(dictionaryLiteral: ("a", 1), ("b", 2), ("a", 3))
        #expect(parameters.values.count == 2)
        #expect(parameters["a"] == .int(3))
        #expect(parameters.values == ["a": .int(3), "b": .int(2)])
        #expect(try FormEncoder().encode(parameters) == "a=3&b=2")
        let snake = FormEncoder(keyEncoding: .convertToSnakeCase)
        #expect(try snake.encode(parameters) == "a=3&b=2")
        #expect(parameters == ["a": 3, "b": 2])
    }

    @Test func mutatingLiteralParametersKeepsTheOtherPairs() {
        var parameters: Parameters = ["a": 1, "b": 2]
        parameters["c"] = 3
        parameters["a"] = nil
        #expect(parameters.values == ["b": .int(2), "c": .int(3)])
        var merged: Parameters = ["x": 1]
        merged.merge(["y": 2])
        #expect(merged == ["x": 1, "y": 2])
        var replaced: Parameters = ["x": 1]
        replaced.values["x"] = 5
        #expect(replaced["x"] == .int(5))
    }

    @Test func emptinessOfLiteralsFollowsTheirPairs() {
        let empty: Parameters = [:]
        #expect(empty.values.isEmpty)
        #expect(empty.values.count == 0)
        let single: Parameters = ["a": nil]
        #expect(!single.values.isEmpty)
        #expect(single.values.count == 1)
    }
}
