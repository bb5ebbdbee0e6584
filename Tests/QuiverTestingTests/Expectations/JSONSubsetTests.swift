import Foundation
import Testing
@testable import Quiver
@testable import QuiverTesting

@Suite struct JSONSubsetTests {
    private func differences(_ expected: Parameters, _ json: String) -> [String] {
        let actual = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        return JSONSubset.differences(expected, in: actual).map { "\($0.subject): \($0.expected) / \($0.actual ?? "nothing")" }
    }

    @Test func keysNotNamedAreFreeAndNumbersCompareAsNumbers() {
        #expect(differences(["a": 1, "b": ["c": 2.5]], #"{"a":1.0,"b":{"c":2.5,"d":0},"e":true}"#).isEmpty)
        #expect(differences(["a": nil], #"{"b":1}"#).isEmpty)
        #expect(differences(["a": nil], #"{"a":null}"#).isEmpty)
    }

    @Test func eachDifferenceIsNamedByItsKeyPath() {
        #expect(differences(["a": ["b": [1, 2]], "c": "x"], #"{"a":{"b":[1,3]},"c":"y"}"#)
                == [#"json a.b.1: 2 / 3"#, #"json c: "x" / "y""#])
        #expect(differences(["a": [1, 2]], #"{"a":[1]}"#) == ["json a: [1, 2] / [1]"])
        #expect(differences(["a": 1], #"{}"#) == ["json a: 1 / nothing"])
        #expect(differences(["a": nil], #"{"a":0}"#) == ["json a: null / 0"])
        #expect(differences(["a": 1], "not json") == ["json: a JSON body / none"])
    }

    @Test func aDateMatchesTheSpellingsJSONEncoderWrites() throws {
        let date = Date(timeIntervalSince1970: 1_000)
        #expect(differences(["at": .date(date)], #"{"at":1000}"#).isEmpty)
        #expect(differences(["at": .date(date)], #"{"at":1000000}"#).isEmpty)
        #expect(differences(["at": .date(date)], #"{"at":"1970-01-01T00:16:40Z"}"#).isEmpty)
        #expect(differences(["at": .date(date)], #"{"at":"1970-01-02T00:00:00Z"}"#).count == 1)
    }
}
