import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// ``Endpoint`` equality and hashing: by URL, method, headers and what the task sends.
@Suite struct EndpointHashableTests {
    private func endpoint(_ url: String = "https://h/a", method: HTTPMethod = .post, task: HTTPTask = .plain,
                          headers: [String: String]? = ["Accept": "application/json"]) -> Endpoint {
        Endpoint(url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: method, task: task,
                 httpHeaderFields: headers)
    }

    private struct User: Encodable, Sendable { let name: String; let admin: Bool }

    @Test func endpointsThatSendTheSameRequestAreEqualAndHashAlike() {
        let first = endpoint(task: .json(User(name: "Ada", admin: false)).adding(query: ["page": 2]))
        let second = endpoint(task: .json(User(name: "Ada", admin: false)).adding(query: ["page": 2]))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect(endpoint(task: .json(["name": "Ada", "admin": false]))
                == endpoint(task: .data(Data(#"{"admin":false,"name":"Ada"}"#.utf8), contentType: "application/json")))
    }

    @Test func aDifferenceInURLMethodHeadersQueryOrBodyMakesThemUnequal() {
        let base = endpoint(task: .json(User(name: "Ada", admin: false)))
        #expect(base != endpoint("https://h/b", task: .json(User(name: "Ada", admin: false))))
        #expect(base != endpoint(method: .put, task: .json(User(name: "Ada", admin: false))))
        #expect(base != endpoint(task: .json(User(name: "Ada", admin: false)), headers: nil))
        #expect(base != endpoint(task: .json(User(name: "Ada", admin: true))))
        #expect(base != endpoint(task: .json(User(name: "Ada", admin: false)).adding(query: ["page": 1])))
        #expect(endpoint(task: .form(["a": 1])) != endpoint(task: .data(Data("a=1".utf8))))
    }

    @Test func uploadsCompareByTheirFileAndUncomparableTasksAreNeverEqual() {
        let file = URL(fileURLWithPath: #filePath)
        #expect(endpoint(task: .uploadFile(file)) == endpoint(task: .uploadFile(file)))
        let download = endpoint(method: .get, task: .download(to: { url, _ in (url, []) }))
        #expect(download != download)
        let multipart = endpoint(task: .multipart(MultipartForm()))
        #expect(multipart != multipart)
        struct Unencodable: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws { throw CancellationError() }
        }
        let failing = endpoint(task: .json(Unencodable()))
        #expect(failing != failing)
    }
}
