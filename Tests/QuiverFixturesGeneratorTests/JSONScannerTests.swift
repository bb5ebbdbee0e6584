import Foundation
import Testing
@testable import QuiverFixturesGenerator

@Suite struct JSONScannerTests {
    @Test(arguments: [
        "{}", "[]", #""text""#, "0", "-1.5e+3", "2E-2", "true", "false", "null", " \r\n\t{ } \n",
        #"{"a":[1,{"b":null,"c":[]}],"d":"\u00e9\ud83d\udc36\n\"\\\/"}"#, "\u{FEFF}[1]", #"["é 🐶"]"#,
    ])
    func wellFormedJSONPasses(text: String) throws {
        _ = try JSONScanner.scan(Array(text.utf8))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as Any? != nil)
    }

    /// (text, line, column, part of the message)
    static let malformed: [(String, Int, Int, String)] = [
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after an object member, found '\"'"),
        (#"{"a": 1,}"#, 1, 9, "trailing comma before '}'"),
        ("[1, 2,]", 1, 7, "trailing comma before ']'"),
        ("", 1, 1, "the file is empty"),
        ("  \n ", 2, 2, "the file is empty"),
        (#"{"a": tru}"#, 1, 7, "the literals are true, false and null"),
        (#"{"a": True}"#, 1, 7, "expected a JSON value, found 'T'"),
        ("{\"a\": \"x\ny\"}", 1, 7, "not closed on its line"),
        (#"{"a": 01}"#, 1, 8, "leading zeros"),
        (#"{"a": 1} {}"#, 1, 10, "after the JSON value"),
        ("// note\n{}", 1, 1, "a comment (JSON has none)"),
        ("{'a': 1}", 1, 2, "double quotes"),
        (#"{"a": "\x"}"#, 1, 8, "invalid escape sequence '\\x'"),
        (#"{"a": "\u12G4"}"#, 1, 8, "four hexadecimal digits"),
        (#"{"a": [1, 2}"#, 1, 12, "expected ',' or ']' after an array element, found '}'"),
        (#"{"a": 1"#, 1, 8, "unexpected end of file in the object that starts at 1:1"),
        ("[\n  [1,\n", 3, 1, "unexpected end of file in the array that starts at 2:3"),
        (#""abc"#, 1, 1, "the string that starts at 1:1 is not closed"),
        ("-", 1, 2, "expected a digit after '-'"),
        ("1.", 1, 3, "expected a digit after the decimal point"),
        ("1e+", 1, 4, "expected a digit after the exponent"),
        ("{\r\n\"a\" 1}", 2, 5, "expected ':' after the member name, found '1'"),
        ("[nullx]", 1, 6, "unexpected 'x' after 'null'"),
        ("{\"é\": \"\u{1}\"}", 1, 8, "control character 1 must be escaped"),
        ("[\"tab\there\"]", 1, 6, "control character 9"),
        ("{1: 2}", 1, 2, "expected a member name in double quotes, found '1'"),
        // A lone surrogate: Foundation refuses it, so the generator must not pass it (fuzzing, #51).
        (#"["\ud800"]"#, 1, 3, "lone UTF-16 surrogate"),
        (#"["\ud83dx"]"#, 1, 3, "lone UTF-16 surrogate"),
        (#"["\ud800\u0041"]"#, 1, 3, "lone UTF-16 surrogate"),
        (#"["\udc36"]"#, 1, 3, "lone UTF-16 surrogate"),
        (#"{"\ud83d": 1}"#, 1, 3, "lone UTF-16 surrogate"),
    ]

    @Test(arguments: malformed)
    func malformedJSONReportsTheLineAndColumnOfTheFirstError(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONScanner.scan(Array(text.utf8)) }
        do {
            _ = try JSONScanner.scan(Array(text.utf8))
        } catch {
            #expect(error.position == SourcePosition(line: line, column: column), "\(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func invalidUTF8IsReportedWhereItIsAndColumnsCountCharacters() {
        let bytes = Array("[\"é\", \"".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError(message: "invalid UTF-8 in a string (the file must be UTF-8)", position: SourcePosition(line: 1, column: 8))) {
            try JSONScanner.scan(bytes)
        }
        for sequence: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: JSONSyntaxError.self) { try JSONScanner.scan([0x22] + sequence + [0x22]) }
        }
    }

    @Test func deepNestingIsRefusedInsteadOfOverflowingTheStack() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONScanner.scan(Array(text.utf8)) }
        let allowed = String(repeating: "[", count: JSONScanner.maximumDepth) + String(repeating: "]", count: JSONScanner.maximumDepth)
        #expect(throws: Never.self) { try JSONScanner.scan(Array(allowed.utf8)) }
    }

    @Test func theOutlineListsTopLevelKeysWithTheirPositions() throws {
        let text = "{\n  \"request\": {\"method\": \"GET\"},\n  \"st\\u0061tus\": 200\n}"
        let outline = try JSONScanner.scan(Array(text.utf8))
        #expect(outline.kind == .object)
        #expect(outline.keys.map(\.name) == ["request", "status"])
        #expect(outline.position(of: "status") == SourcePosition(line: 3, column: 3))
        #expect(try JSONScanner.scan(Array("[{\"a\": 1}]".utf8)).keys.isEmpty)
        #expect(try JSONScanner.scan(Array("42".utf8)).kind == .number)
    }
}
