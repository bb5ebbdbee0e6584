import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Requests against a real httpbin, checked against what httpbin echoes: bodies, methods and
/// headers here; queries and forms, validation and decoding, cancellation, timeouts and
/// authentication in nested suites in the other `HTTPBin*Tests.swift` files.
@Suite(.requiresHTTPBin) struct HTTPBinTests {
    let provider = Provider<HTTPBin>(transport: TransportUnderTest.shared)

    private func echo<JSON>(_ target: HTTPBin, json: JSON.Type = NoJSON.self) async throws -> HTTPBinEcho<JSON> {
        try await provider.decode(HTTPBinEcho<JSON>.self, from: target)
    }

    // MARK: Task kinds

    @Test func plainGetSendsNoQueryAndNoBody() async throws {
        let response = try await provider.response(for: .get(.plain))
        #expect(response.statusCode == 200)
        let echo = try response.decode(HTTPBinEcho<NoJSON>.self)
        #expect(echo.args?.isEmpty == true)
        #expect(echo.url?.hasSuffix("/get") == true)
        #expect(echo.header("Content-Type") == nil)
    }

    @Test func dataPostSendsTheBytesAndTheirContentType() async throws {
        let text = "raw bytes, caf\u{E9} \u{2713}"
        let echo = try await echo(.post(.data(Data(text.utf8), contentType: "text/plain; charset=utf-8")))
        #expect(echo.data == text)
        #expect(echo.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func jsonPostSendsTheModelAsApplicationJSON() async throws {
        let book = Book(title: "Le Petit Prince", pages: 96, tags: ["fable", "classic"], isbn: nil)
        let echo = try await echo(.post(.json(book)), json: Book.self)
        #expect(echo.json == book)
        #expect(echo.header("Content-Type") == "application/json")
    }

    // MARK: Methods and headers

    @Test(arguments: [HTTPMethod.put, .patch, .delete])
    func putPatchAndDeleteAreSentWithTheirBody(method: HTTPMethod) async throws {
        let echo = try await echo(.anything(method, .data(Data("payload".utf8), contentType: "text/plain")))
        #expect(echo.method == method.rawValue)
        #expect(echo.data == "payload")
    }

    @Test func targetAndPluginHeadersArrive() async throws {
        let log = HookLog()
        let provider = Provider<HTTPBin>(transport: TransportUnderTest.shared, plugins: [HookRecorder("first", log: log), HookRecorder("second", log: log)])
        let target = HTTPBin.headers(["X-Target": "from the target", "Accept": "application/json"])
        let echo = try await provider.decode(HTTPBinEcho<NoJSON>.self, from: target)
        #expect(echo.header("X-Target") == "from the target")
        #expect(echo.header("Accept") == "application/json")
        let plugins = try #require(echo.header("X-Plugins"))
        #expect(plugins.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == ["first", "second"])
    }

    @Test func headReturnsTheHeadersWithoutABody() async throws {
        let response = try await provider.response(for: .head)
        #expect(response.statusCode == 200)
        #expect(response.data.isEmpty)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.request?.httpMethod == "HEAD")
    }

    @Test func manyConcurrentRequestsAllSucceed() async {
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)
        let base = HTTPBin.json.baseURL
        let echoedPaths = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<50 {
                group.addTask {
                    let result = await provider.result(for: GenericTarget(baseURL: base, path: "anything/\(index)"))
                    let url = try? result.get().decode(HTTPBinEcho<NoJSON>.self).url
                    return (index, url.flatMap(URLComponents.init(string:))?.path)
                }
            }
            var echoedPaths: [Int: String] = [:]
            for await (index, path) in group {
                echoedPaths[index] = path ?? "(failed)"
            }
            return echoedPaths
        }
        #expect(echoedPaths.count == 50)
        let wrong = echoedPaths.filter { $0.value != "/anything/\($0.key)" }.keys.sorted()
        #expect(wrong.isEmpty, "requests \(wrong) failed or did not echo their own path")
    }
}
