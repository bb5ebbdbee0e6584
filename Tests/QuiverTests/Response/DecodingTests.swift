import Foundation
import Testing
@testable import Quiver

@Suite struct DecodingTests {
    private func response(_ json: String, status: Int = 200) -> Response {
        Response(statusCode: status, data: Data(json.utf8))
    }

    private let nested = #"{"data":{"users":[{"name":"Ada","born":"1815-12-10T00:00:00Z"},{"name":"Grace","born":"1906-12-09T00:00:00.250Z"}],"total":2,"0":"zero-key"}}"#

    @Test(arguments: [
        ("data.users.0.name", "Ada"), ("data.users.1.name", "Grace"), ("data.0", "zero-key"),
    ])
    func dottedKeyPathsReachNestedValuesAndArrayElements(path: String, expected: String) throws {
        #expect(try response(nested).decode(String.self, atKeyPath: path) == expected)
    }

    @Test func aKeyPathCanEndAtAnObjectOrArray() throws {
        struct Person: Decodable, Equatable { let name: String }
        #expect(try response(nested).decode([Person].self, atKeyPath: "data.users") == [Person(name: "Ada"), Person(name: "Grace")])
        #expect(try response(nested).decode(Int.self, atKeyPath: "data.total") == 2)
    }

    @Test(arguments: ["data.missing", "data.users.5.name", "data.users.x", "nothing.here", "data.total.deeper"])
    func aKeyPathThatLeadsNowhereIsADecodingError(path: String) {
        #expect {
            try response(nested).decode(String.self, atKeyPath: path)
        } throws: { error in
            guard case .decoding = error as? QuiverError else { return false }
            return true
        }
    }

    @Test func theDecodersDateStrategyAppliesAtAKeyPath() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
        let first = try response(nested).decode(Date.self, atKeyPath: "data.users.0.born", using: decoder)
        let second = try response(nested).decode(Date.self, atKeyPath: "data.users.1.born", using: decoder)
        #expect(first.timeIntervalSince1970 == -4_861_728_000)
        #expect(abs(second.timeIntervalSince1970 - (-1_990_137_599.75)) < 0.001)
    }

    @Test(arguments: [
        (JSONDecoder.DateDecodingStrategy.secondsSince1970, "1700000000"),
        (.millisecondsSince1970, "1700000000000"),
        (.iso8601, #""2023-11-14T22:13:20Z""#),
        (.iso8601WithFractionalSeconds, #""2023-11-14T22:13:20.000Z""#),
        (.iso8601WithFractionalSeconds, #""2023-11-14T22:13:20Z""#),
    ])
    func dateStrategiesDecodeTheSameInstant(strategy: JSONDecoder.DateDecodingStrategy, json: String) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        #expect(try response(#"{"at":\#(json)}"#).decode(Date.self, atKeyPath: "at", using: decoder).timeIntervalSince1970 == 1_700_000_000)
    }

    @Test func aCustomFormatterDecodesDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy"
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        #expect(try response(#"{"day":"14/11/2023"}"#).decode(Date.self, atKeyPath: "day", using: decoder).timeIntervalSince1970 == 1_699_920_000)
    }

    @Test(arguments: [
        ("0001-01-01T00:00:00Z", -62_135_596_800), ("1582-10-04T00:00:00Z", -12_220_243_200),
        ("2023-11-14T23:13:20+01:00", 1_700_000_000), ("2023-11-14T22:13:20.5Z", 1_700_000_000.5),
    ] as [(String, TimeInterval)])
    func fractionalISODatesReadOffsetsAndDistantYearsAsQuiverWritesThem(text: String, interval: TimeInterval) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
        #expect(try response(#"{"at":"\#(text)"}"#).decode(Date.self, atKeyPath: "at", using: decoder).timeIntervalSince1970 == interval)
    }

    @Test func anInvalidISODateIsADecodingError() {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
        #expect(throws: QuiverError.self) { try response(#"{"at":"yesterday"}"#).decode(Date.self, atKeyPath: "at", using: decoder) }
    }

    @Test func keyStrategiesApply() throws {
        struct Profile: Decodable, Equatable { let fullName: String }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try response(#"{"full_name":"Ada"}"#).decode(Profile.self, using: decoder) == Profile(fullName: "Ada"))
    }

    @Test func emptyBodiesDecodeIntoEmptyResponseButNotIntoModels() throws {
        let empty = Response(statusCode: 204, data: Data())
        #expect(try empty.decode(EmptyResponse.self) == EmptyResponse())
        #expect(try response(#"{"ignored":true}"#).decode(EmptyResponse.self) == EmptyResponse())
        #expect(throws: QuiverError.self) { try empty.decode(User.self) }
    }

    @Test func decodingAJSONValueReturnsAnInspectableValue() throws {
        let json = try response(nested).decode(JSONValue.self)
        #expect(json["data"]?["users"]?[1]?["name"]?.stringValue == "Grace")
        #expect(json["data"]?["total"]?.numberValue == 2)
        #expect(try response(#"[true,null]"#).decode(JSONValue.self) == .array([.bool(true), .null]))
        #expect(try response(nested).decode(JSONValue.self, atKeyPath: "data.users.0.name") == .string("Ada"))
        #expect(throws: QuiverError.self) { try response("not json").decode(JSONValue.self) }
    }
}

/// A model decoded through a transfer object (CoreNetKit's `DTODecodable`, written as a plain
/// `Decodable` conformance): every decode converts, and a failed conversion is a decoding error.
@Suite struct DTODecodingTests {
    struct UserDTO: Decodable {
        let id: Int
        let full_name: String
    }

    struct InvalidUser: Error {}

    struct AppUser: Equatable {
        let id: Int
        let name: String
    }

    private func response(_ json: String) -> Response {
        Response(statusCode: 200, data: Data(json.utf8))
    }

    @Test func aDTOIsDecodedThenConverted() throws {
        #expect(try response(#"{"id":1,"full_name":"Ada"}"#).decode(AppUser.self) == AppUser(id: 1, name: "Ada"))
    }

    @Test func arraysAndOptionalsConvertAutomatically() throws {
        let list = try response(#"{"items":[{"id":1,"full_name":"Ada"},{"id":2,"full_name":"Grace"}]}"#)
            .decode([AppUser].self, atKeyPath: "items")
        #expect(list == [AppUser(id: 1, name: "Ada"), AppUser(id: 2, name: "Grace")])
        #expect(try response(#"{"user":null}"#).decode(AppUser?.self, atKeyPath: "user") == nil)
        #expect(try response(#"{"user":{"id":3,"full_name":"Linus"}}"#).decode(AppUser?.self, atKeyPath: "user") == AppUser(id: 3, name: "Linus"))
    }

    @Test func aConversionErrorIsADecodingErrorWithTheResponse() {
        do {
            _ = try response(#"{"id":1,"full_name":""}"#).decode(AppUser.self)
            Issue.record("conversion must fail")
        } catch {
            guard case .decoding(let cause, let response) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(cause is InvalidUser)
            #expect(response.statusCode == 200)
        }
    }

    @Test func aMalformedDTOIsADecodingError() {
        #expect(throws: QuiverError.self) { try response(#"{"id":"one"}"#).decode(AppUser.self) }
    }

    @Test func theProviderDecodesThroughTheDTO() async throws {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        let target = GenericTarget(baseURL: exampleBase, sampleData: Data(#"[{"id":7,"full_name":"Ada"}]"#.utf8))
        #expect(try await provider.decode([AppUser].self, from: target) == [AppUser(id: 7, name: "Ada")])
    }

    // Issue 29: a Latin-1 body failed as "not valid JSON", with no word of its encoding.
    @Test func aBodyThatIsNotUTF8SaysWhichCharsetItsContentTypeNamed() throws {
        let latin1 = try #require(#"{"name":"José"}"#.data(using: .isoLatin1))
        let response = Response(statusCode: 200, data: latin1, url: try #require(URL(string: "https://h/users/1")),
                                headerFields: ["Content-Type": "application/json; charset=ISO-8859-1"])
        #expect {
            try response.decode([String: String].self)
        } throws: { error in
            guard case .decoding(let cause as UndecodableTextError, _) = error as? QuiverError else { return false }
            return cause.declaredCharset == "iso-8859-1" && "\(cause)".contains("charset=iso-8859-1")
                && "\(cause)".contains("not valid UTF-8") && "\(cause)".contains("mapString(encoding:)")
        }
        // The charset parameter as RFC 9110 §8.3.1 reads it: a quoted string is one value, `;`
        // or `charset=` inside it included (fuzzing, #51: the first one was named instead).
        for (type, named) in [(#"text/plain; a="x; charset=evil"; charset=Latin1"#, "latin1"),
                              (#"application/json; charset="ISO-8859-1""#, "iso-8859-1"),
                              (#"application/json; charset="a\"b""#, #"a"b"#),
                              ("application/json; charset=", nil), ("application/json;charset = koi8-r ", "koi8-r"),
                              (#"application/json; name="charset=utf-16""#, nil)] as [(String, String?)] {
            let typed = Response(statusCode: 200, data: latin1, url: try #require(URL(string: "https://h/users/1")),
                                 headerFields: ["Content-Type": type])
            #expect {
                try typed.mapString()
            } throws: { error in
                guard case .decoding(let cause as UndecodableTextError, _) = error as? QuiverError else { return false }
                return cause.declaredCharset == named
            }
        }
        // Valid UTF-8 that is not JSON keeps the decoder's own error.
        #expect {
            try self.response("not json").decode([String: String].self)
        } throws: { error in
            guard case .decoding(let cause, _) = error as? QuiverError else { return false }
            return !(cause is UndecodableTextError)
        }
    }
}

extension DTODecodingTests.AppUser: Decodable {
    init(from decoder: any Decoder) throws {
        let dto = try DTODecodingTests.UserDTO(from: decoder)
        guard !dto.full_name.isEmpty else { throw DTODecodingTests.InvalidUser() }
        self.init(id: dto.id, name: dto.full_name)
    }
}
