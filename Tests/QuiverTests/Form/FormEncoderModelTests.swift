import Foundation
import Testing
@testable import Quiver

@Suite struct FormEncoderModelTests {
    let encoder = FormEncoder()

    enum Sort: String, Encodable { case newest, oldest }
    enum Priority: Int, Encodable { case low = 1, high = 9 }

    struct Address: Encodable {
        var city: String
        var zip: String?
    }

    struct Item: Encodable {
        var name: String
        var price: Double
    }

    struct Search: Encodable {
        var query: String
        var page: Int
        var sort: Sort
        var priority: Priority
        var cursor: String?
        var address: Address
        var items: [Item]
        var counts: [String: Int]
        var flags: [Bool]
    }

    @Test func syntheticCodableStructsEncodeTheirProperties() throws {
        #expect(try encoder.encode(FormEncoderTests.ListQuery(offset: 0, limit: 25)) == "limit=25&offset=0")
    }

    @Test func nestedModelsEncodeLikeNestedParameters() throws {
        let search = Search(
            query: "red shoes",
            page: 2,
            sort: .newest,
            priority: .high,
            cursor: nil,
            address: Address(city: "Zürich", zip: nil),
            items: [Item(name: "a", price: 1.5), Item(name: "b", price: 2)],
            counts: ["z": 1, "a": 2],
            flags: [true, false]
        )
        let expected = "address%5Bcity%5D=Z%C3%BCrich"
            + "&counts%5Ba%5D=2&counts%5Bz%5D=1"
            + "&flags%5B%5D=true&flags%5B%5D=false"
            + "&items%5B%5D%5Bname%5D=a&items%5B%5D%5Bprice%5D=1.5"
            + "&items%5B%5D%5Bname%5D=b&items%5B%5D%5Bprice%5D=2"
            + "&page=2&priority=9&query=red%20shoes&sort=newest"
        #expect(try encoder.encode(search) == expected)
    }

    @Test func modelsAndEquivalentParametersEncodeIdentically() throws {
        let model = Item(name: "pen & ink", price: 0.5)
        let parameters: Parameters = ["name": "pen & ink", "price": 0.5]
        #expect(try encoder.encode(model) == encoder.encode(parameters))
    }

    @Test func nilOptionalsAreOmittedEvenWhenEncodedExplicitly() throws {
        struct ExplicitNil: Encodable {
            enum CodingKeys: String, CodingKey { case a, b, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .a)
                try container.encode(Int?.none, forKey: .b)
                try container.encode(3, forKey: .c)
            }
        }
        #expect(try encoder.encode(ExplicitNil()) == "c=3")
        #expect(try encoder.encode(["a": [1, nil, 2]] as [String: [Int?]]) == "a%5B%5D=1&a%5B%5D=2")
    }

    @Test func urlDecimalAndDataUseTheirTextualForms() throws {
        struct Special: Encodable {
            var link: URL
            var amount: Decimal
            var blob: Data
        }
        let special = try Special(
            link: #require(URL(string: "https://example.com/a%20b?x=1")),
            amount: #require(Decimal(string: "12.50")),
            blob: Data([0xFB, 0xFF])
        )
        #expect(try encoder.encode(special) == "amount=12.5&blob=%2B%2F8%3D&link=https%3A%2F%2Fexample.com%2Fa%2520b%3Fx%3D1")
    }

    @Test func allIntegerAndFloatTypesAreWrittenAsNumbers() throws {
        struct Numbers: Encodable {
            var i8: Int8 = -8, i16: Int16 = 16, i32: Int32 = -32, i64: Int64 = 64
            var u: UInt = 1, u8: UInt8 = 8, u16: UInt16 = 16, u32: UInt32 = 32, u64: UInt64 = .max
            var f: Float = 0.1, d: Double = 0.25
        }
        let expected = "d=0.25&f=0.1&i16=16&i32=-32&i64=64&i8=-8&u=1&u16=16&u32=32&u64=18446744073709551615&u8=8"
        #expect(try encoder.encode(Numbers()) == expected)
    }

    @Test func dictionariesWithIntegerKeysUseTheKeyText() throws {
        #expect(try encoder.encode(["m": [2: "b", 1: "a"]] as [String: [Int: String]]) == "m%5B1%5D=a&m%5B2%5D=b")
    }

    @Test func parametersInsideModelsAreTakenAsTheyAre() throws {
        struct Wrapper: Encodable {
            var extra: Parameters
            var value: Parameters.Value
        }
        let wrapper = Wrapper(extra: ["b": 1, "a": nil], value: ["x": [true]])
        #expect(try encoder.encode(wrapper) == "extra%5Bb%5D=1&value%5Bx%5D%5B%5D=true")
    }

    @Test func superEncodersAndNestedContainersAreSupported() throws {
        struct Base: Encodable {
            var id = 7
        }
        struct Custom: Encodable {
            enum CodingKeys: String, CodingKey { case meta, list, base }
            enum MetaKeys: String, CodingKey { case version }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
                try meta.encode(2, forKey: .version)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode("x")
                var inner = list.nestedContainer(keyedBy: MetaKeys.self)
                try inner.encode(3, forKey: .version)
                var deeper = list.nestedUnkeyedContainer()
                try deeper.encode(true)
                try Base().encode(to: list.superEncoder())
                try Base(id: 1).encode(to: container.superEncoder())
                try Base(id: 2).encode(to: container.superEncoder(forKey: .base))
            }
        }
        let indexed = FormEncoder(arrayEncoding: .indexInBrackets)
        let expected = "base%5Bid%5D=2"
            + "&list%5B0%5D=x&list%5B1%5D%5Bversion%5D=3&list%5B2%5D%5B0%5D=true&list%5B3%5D%5Bid%5D=7"
            + "&meta%5Bversion%5D=2&super%5Bid%5D=1"
        #expect(try indexed.encode(Custom()) == expected)
    }

    @Test func keysEncodedTwiceKeepTheLastValue() throws {
        struct Twice: Encodable {
            enum Key: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .b)
                try container.encode("first", forKey: .a)
                try container.encode(2, forKey: .b)
                try container.encode("second", forKey: .a)
                var again = encoder.container(keyedBy: Key.self)
                try again.encode(3, forKey: .b)
            }
        }
        #expect(try encoder.encode(Twice()) == "a=second&b=3")
    }

    @Test func mixingContainerKindsThrowsInsteadOfCrashing() {
        struct SingleThenKeyed: Encodable {
            enum Key: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(1)
                var keyed = encoder.container(keyedBy: Key.self)
                try keyed.encode(2, forKey: .a)
            }
        }
        struct DoubleSingle: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(1)
                try single.encode(2)
            }
        }
        struct KeyedThenUnkeyed: Encodable {
            enum Key: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: Key.self)
                try keyed.encode(1, forKey: .a)
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(2)
            }
        }
        struct Holder<Inner: Encodable>: Encodable { var inner: Inner }

        func expectUnsupported(_ value: some Encodable, path: String) {
            let error = #expect(throws: FormEncoder.Error.self) { try encoder.encode(value) }
            guard case .unsupportedValue(let actualPath, let reason)? = error else {
                Issue.record("unexpected error \(String(describing: error))")
                return
            }
            #expect(actualPath == path)
            #expect(!reason.isEmpty)
        }
        expectUnsupported(Holder(inner: SingleThenKeyed()), path: "inner")
        expectUnsupported(Holder(inner: DoubleSingle()), path: "inner")
        expectUnsupported(Holder(inner: KeyedThenUnkeyed()), path: "inner")
        expectUnsupported(SingleThenKeyed(), path: "")
    }

    @Test func errorsThrownByModelsPropagateUnchanged() {
        struct Refusal: Error {}
        struct Refusing: Encodable {
            func encode(to encoder: any Encoder) throws { throw Refusal() }
        }
        #expect(throws: Refusal.self) { try encoder.encode(Refusing()) }
    }

    @Test func nonFiniteNumbersInModelsThrowWithTheirPath() {
        let error = #expect(throws: FormEncoder.Error.self) {
            try encoder.encode(["items": [Item(name: "x", price: .nan)]])
        }
        guard case .nonFiniteNumber(let path)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path == "items[][price]")
    }

    @Test func emptyModelsEncodeToEmptyString() throws {
        struct Empty: Encodable {}
        struct OnlyNil: Encodable { var a: Int? }
        #expect(try encoder.encode(Empty()) == "")
        #expect(try encoder.encode(OnlyNil()) == "")
    }

    @Test func keyEncodingAppliesToModelKeys() throws {
        struct Profile: Encodable {
            var firstName: String
            var homeAddress: Address
            var favoriteColors: [Int]
        }
        let encoder = FormEncoder(arrayEncoding: .indexInBrackets, keyEncoding: .convertToSnakeCase)
        let profile = Profile(firstName: "Ada", homeAddress: Address(city: "London", zip: "N1"), favoriteColors: [4])
        #expect(
            try encoder.encode(profile)
                == "favorite_colors%5B0%5D=4&first_name=Ada&home_address%5Bcity%5D=London&home_address%5Bzip%5D=N1"
        )
    }
}
