import Foundation
import Testing
@testable import Quiver

@Suite struct FormEncoderKeyEncodingTests {
    @Test(arguments: [
        ("firstName", "first_name"),
        ("imageURL", "image_url"),
        ("imageURLString", "image_url_string"),
        ("URLString", "url_string"),
        ("userID", "user_id"),
        ("version2Name", "version2_name"),
        ("already_snake", "already_snake"),
        ("lowercase", "lowercase"),
        ("_privateKey_", "_private_key_"),
        ("__double__Leading", "__double__leading"),
        ("A", "a"),
        ("ÉtéÀParis", "été_à_paris"),
        ("a1B2", "a1_b2"),
        ("HTTPServer2Config", "http_server2_config"),
        ("x_Y", "x_y"),
        ("", ""),
        ("___", "___"),
    ])
    func snakeCaseConversionSplitsWords(key: String, expected: String) throws {
        #expect(SnakeCaseConverter.convert(key) == expected)
        let encoder = FormEncoder(keyEncoding: .convertToSnakeCase)
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let escaped = try #require(expected.addingPercentEncoding(withAllowedCharacters: unreserved))
        #expect(try encoder.encode([key: 1]) == "\(escaped)=1")
    }

    @Test func keyEncodingAppliesAtEveryLevelButNotToGeneratedBrackets() throws {
        let parameters: Parameters = [
            "pageSize": 10,
            "filterBy": ["createdAt": ["fromDate": 1], "tagNames": ["aB", "cD"]],
        ]
        let encoder = FormEncoder(arrayEncoding: .indexInBrackets, keyEncoding: .convertToSnakeCase)
        let expected = "filter_by%5Bcreated_at%5D%5Bfrom_date%5D=1"
            + "&filter_by%5Btag_names%5D%5B0%5D=aB&filter_by%5Btag_names%5D%5B1%5D=cD"
            + "&page_size=10"
        #expect(try encoder.encode(parameters) == expected)
    }

    @Test func customKeyEncodingTransformsEveryKeyAndSortsByTheResult() throws {
        let encoder = FormEncoder(keyEncoding: .custom { "x-" + String($0.reversed()) })
        let parameters: Parameters = ["ab": 1, "ba": 2, "obj": ["k1": [true]]]
        #expect(try encoder.encode(parameters) == "x-ab=2&x-ba=1&x-jbo%5Bx-1k%5D%5B%5D=true")
    }

    @Test func collidingTransformedKeysAreOrderedByTheirOriginalNames() throws {
        let encoder = FormEncoder(keyEncoding: .convertToSnakeCase)
        let parameters: Parameters = ["first_name": "b", "firstName": "a"]
        #expect(try encoder.encode(parameters) == "first_name=a&first_name=b")
    }

    @Test func valuesAreNeverTransformed() throws {
        let encoder = FormEncoder(keyEncoding: .convertToSnakeCase)
        #expect(try encoder.encode(["someKey": "someValue"]) == "some_key=someValue")
    }
}
