// Decoding helpers users call on server data: `Response.decode` into `JSONValue`, with a key path
// (`KeyPathDecoding`), and of an empty body (`EmptyResponse`, optionals).
//
// Input: a length byte and a key path (dotted components), then the body.
// Properties:
// - an empty body decodes as `EmptyResponse` and as `JSONValue?` (nil), and fails as `JSONValue`
//   with `EmptyBodyError`; a body that is not valid JSON fails as `.decoding` and never traps;
// - a body that decodes as a `JSONValue` encodes back (`JSONEncoder`) to JSON that decodes to the
//   same value;
// - decoding at a key path gives what walking the decoded value by that path gives (a component
//   that reads as an `Int` indexes an array, any other looks up an object's member), and fails
//   exactly where the walk finds nothing;
// - `JSONValue`'s subscripts agree with the walk.
import Foundation
@testable import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum JSONValuesHarness: FuzzHarness {
    static let name = "JSONValues"

    static let request = URLRequest(url: URL(string: "https://api.example.com/v1/items")!)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let keyPath = input.string(upTo: 40)
        let body = Data(input.rest)
        let response = Response(statusCode: 200, data: body, request: request, response: nil)

        if body.isEmpty {
            require((try? response.decode(EmptyResponse.self)) != nil, "an empty body is no EmptyResponse")
            do {
                let value = try response.decode(JSONValue?.self)
                require(value == nil, "an empty body decodes as \(String(describing: value))")
                _ = try response.decode(JSONValue.self)
                FuzzFailure.report("an empty body decodes as a JSONValue")
            } catch {
                guard case .decoding(let underlying, _) = error, underlying is EmptyBodyError else {
                    FuzzFailure.report("an empty body fails with \(error)")
                }
            }
            return
        }

        let value: JSONValue
        do {
            value = try response.decode(JSONValue.self)
        } catch {
            guard case .decoding = error else { FuzzFailure.report("an undecodable body fails with \(error)") }
            return
        }
        // Written back and read again: the same value.
        do {
            let written = try JSONEncoder().encode(value)
            let again = try JSONDecoder().decode(JSONValue.self, from: written)
            require(again == value, "\(value) written as \(String(decoding: written, as: UTF8.self)) reads back as \(again)")
        } catch {
            FuzzFailure.report("\(value) does not write back: \(error)")
        }

        // At the key path: what the walk finds.
        let components = keyPath.isEmpty ? [] : keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var walked: JSONValue? = value
        for component in components {
            guard let current = walked else { break }
            if let index = Int(component), case .array(let elements) = current {
                walked = elements.indices.contains(index) ? elements[index] : nil
                require(current[index] == walked, "the subscript [\(index)] disagrees with the walk")
            } else if case .object(let members) = current {
                walked = members[component]
                require(current[component] == walked, "the subscript [\(component.debugDescription)] disagrees with the walk")
            } else {
                walked = nil
            }
        }
        let found: JSONValue?
        do {
            found = try response.decode(JSONValue.self, atKeyPath: keyPath)
        } catch {
            guard case .decoding = error else { FuzzFailure.report("a key path fails with \(error)") }
            found = nil
        }
        require(found == walked, "at \(keyPath.debugDescription) decoding finds \(String(describing: found)), the walk \(String(describing: walked)) in \(String(decoding: body, as: UTF8.self).debugDescription)")
    }
}
