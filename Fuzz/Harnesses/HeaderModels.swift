// Header models: what users hand Quiver that becomes a header field. A target's `headers` (with
// `[String: String].basicAuthorization(user:password:)` among them), a `.data` task's
// `contentType`, `HeadersPlugin` (its fixed fields, with either precedence, and its
// `dynamicHeaders`), `AccessTokenPlugin` with `AuthorizationType` (`.bearer`, `.basic`,
// `.custom(scheme)`), through what a request takes: `RequestBuilder.build`, the plugins'
// `prepare`, then `RequestValidator.check`, the last word before a transport sends it.
//
// Input: field names and values, a content type, a user and password, a scheme and a token, and
// the choices (method, precedence), all from the input; names kept distinct ignoring case.
// Properties:
// - the request is refused (`.invalidRequest`) exactly when something handed over is not a valid
//   field: a name that is not a token, a value holding a control character other than a tab
//   (CR, LF, NUL among them), a Basic user name holding `:`; nothing else is ever refused;
// - otherwise, written as HTTP/1.1 writes a header block, every field is one `Name: value` line:
//   as many lines as fields, each name a token, no two names equal ignoring case, no CR, LF or
//   NUL in a value;
// - every value handed over is sent as it was given, under its name, where it should win (the
//   target's fields over the task's content type, the plugin's as its precedence says, the
//   access token over all), and `Authorization` is `<scheme> <token>` or the Basic credential.
import Foundation
@testable import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum HeaderModelsHarness: FuzzHarness {
    static let name = "HeaderModels"

    struct Target: TargetType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/v1/items" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .plain }
    }

    static let names = ["X-Api-Key", "Accept", "User-Agent", "Content-Type", "Authorization", "x-trace", "X_Odd.Name", "a!#$%&'*+-.^_`|~z"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let choices = input.byte()
        var taken: Set<String> = []
        func fields(_ count: Int) -> [String: String] {
            var fields: [String: String] = [:]
            for _ in 0..<count {
                let pick = input.byte()
                let name = pick & 0x80 != 0 ? input.string(upTo: 12) : names[Int(pick) % names.count]
                let value = input.string(upTo: 24)
                // Names distinct ignoring case across every source: which of two spellings wins is
                // the order of a dictionary.
                guard !name.isEmpty, taken.insert(name.lowercased()).inserted else { continue }
                fields[name] = value
            }
            return fields
        }
        var targetFields = fields(input.int(in: 0...3))
        let user = input.string(upTo: 12)
        let password = input.string(upTo: 12)
        let useBasic = choices & 1 != 0 && taken.insert("authorization").inserted
        if useBasic {
            targetFields.merge(.basicAuthorization(user: user, password: password)) { $1 }
        }
        let contentType = choices & 2 != 0 ? input.string(upTo: 24) : nil
        let pluginFields = fields(input.int(in: 0...3))
        let dynamicFields = fields(input.int(in: 0...2))
        let precedence: HeadersPlugin.Precedence = choices & 4 != 0 ? .plugin : .target
        let tokenChoice = input.byte() % 4
        let authorization: AuthorizationType? = switch tokenChoice {
        case 0: nil
        case 1: .bearer
        case 2: .basic
        default: .custom(input.string(upTo: 10))
        }
        let token = input.string(upTo: 24)
        let method: HTTPMethod = choices & 8 != 0 ? .put : .post

        // What the harness expects: refused, or these fields (by lowercased name).
        var refused = false
        func check(_ fields: [String: String]) {
            for (name, value) in fields where !isToken(name) || !isFieldValue(value) { refused = true }
        }
        check(targetFields)
        if useBasic, user.contains(":") { refused = true }
        if let contentType, !targetFields.keys.contains(where: { $0.lowercased() == "content-type" }), !isFieldValue(contentType) {
            refused = true
        }
        check(pluginFields)
        check(dynamicFields)
        if let authorization, !isFieldValue(authorization.scheme + " " + token) { refused = true }

        var expected: [String: String] = [:]
        for (name, value) in targetFields { expected[name.lowercased()] = value }
        if let contentType, expected["content-type"] == nil { expected["content-type"] = contentType }
        for (name, value) in pluginFields.merging(dynamicFields, uniquingKeysWith: { $1 })
        where precedence == .plugin || expected[name.lowercased()] == nil {
            expected[name.lowercased()] = value
        }
        if let authorization { expected["authorization"] = authorization.scheme + " " + token }

        // What Quiver does.
        let endpoint = Endpoint(url: "https://api.example.com/v1/items", sampleResponseClosure: { .networkResponse(200, Data()) },
                                method: method, task: .data(Data("{}".utf8), contentType: contentType),
                                httpHeaderFields: targetFields.isEmpty ? nil : targetFields)
        let outcome = blocking { () async throws -> URLRequest in
            var request = try RequestBuilder.build(endpoint).urlRequest
            let plugin = HeadersPlugin(pluginFields, precedence: precedence,
                                       dynamicHeaders: dynamicFields.isEmpty ? nil : { @Sendable _ in dynamicFields })
            request = try await plugin.prepare(request, target: Target())
            if let authorization {
                request = try AccessTokenPlugin.authorize(request, scheme: authorization.scheme, token: token)
            }
            _ = try RequestValidator.check(request)
            return request
        }
        let request: URLRequest
        switch outcome {
        case .success(let built):
            request = built
        case .failure(let error):
            guard let error = error as? QuiverError, case .invalidRequest = error else {
                FuzzFailure.report("the request fails with \(error)")
            }
            require(refused, "refused, though every field is valid: \(error)")
            return
        }
        require(!refused, "not refused: \(request.allHTTPHeaderFields ?? [:])")

        let sent = request.allHTTPHeaderFields ?? [:]
        let block = sent.map { "\($0.key): \($0.value)\r\n" }.joined()
        let lines = block.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        require(lines.count == sent.count, "\(sent.count) fields make \(lines.count) lines: \(block.debugDescription)")
        require(!block.utf8.contains(0) && block.utf8.filter({ $0 == 0x0D }).count == sent.count, "a CR or NUL in \(block.debugDescription)")
        require(Set(sent.keys.map { $0.lowercased() }).count == sent.count, "a name twice in \(block.debugDescription)")
        for (name, value) in sent {
            require(isToken(name), "the name \(name.debugDescription) is no token")
            require(isFieldValue(value), "the value of \(name) is \(value.debugDescription)")
        }
        for (name, value) in expected {
            let found = sent.first { $0.key.lowercased() == name }?.value
            if name == "authorization", authorization == nil, useBasic {
                require(found == "Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), "Basic sent as \(String(describing: found))")
                continue
            }
            require(found == value, "\(name) sent as \(String(describing: found?.debugDescription)), given \(value.debugDescription)")
        }
    }

    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func isFieldValue(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }
    }

    final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    /// The result of async work, waited for (the harness is synchronous).
    static func blocking<T>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
        let box = Box<Result<T, any Error>>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.value = .success(try await work()) } catch { box.value = .failure(error) }
            done.signal()
        }
        done.wait()
        return box.value!
    }
}
