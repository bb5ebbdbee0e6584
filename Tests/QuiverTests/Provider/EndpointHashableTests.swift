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

    @Test func uploadsCompareByTheirFile() {
        let file = URL(fileURLWithPath: #filePath)
        #expect(endpoint(task: .uploadFile(file)) == endpoint(task: .uploadFile(file)))
        #expect(endpoint(task: .uploadFile(file)) != endpoint(task: .uploadFile(URL(fileURLWithPath: "/tmp/other"))))
    }

    // Issue 29: a multipart, download or downloadCarrying endpoint was not equal to itself (a
    // Set could not find it), and a task that failed to encode neither.
    @Test func everyTaskIsEqualToItselfAndFoundInASet() throws {
        struct Unencodable: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws { throw CancellationError() }
        }
        var form = MultipartForm()
        form.append("Ada", name: "name")
        var longer = form
        longer.append("x", name: "y")
        let endpoints = [
            endpoint(method: .get, task: .download(to: DownloadDestination { url, _ in (url, []) })),
            endpoint(task: .downloadCarrying(.json(["a": 1]), to: DownloadDestination { url, _ in (url, []) })),
            endpoint(task: .multipart(form)),
            endpoint(task: .json(Unencodable())),
        ]
        for item in endpoints {
            #expect(item == item)
            #expect(Set([item]).contains(item))
        }
        #expect(endpoint(task: .multipart(form)) != endpoint(task: .multipart(longer)))
    }

    // Issue 29: on Linux a plain JSONEncoder writes an object's keys in a different order each
    // time, so `.json(x, encoder: JSONEncoder())` was almost never equal to itself.
    @Test func aJSONBodyComparesByValueWhateverOrderItsKeysAreWrittenIn() {
        let value = ["alpha": 1, "bravo": 2, "charlie": 3, "delta": 4, "echo": 5, "foxtrot": 6]
        let first = endpoint(task: .json(value, encoder: JSONEncoder()))
        for _ in 0..<10 {
            let again = endpoint(task: .json(value, encoder: JSONEncoder()))
            #expect(first == again)
            #expect(first.hashValue == again.hashValue)
        }
        #expect(first != endpoint(task: .json(["alpha": 2], encoder: JSONEncoder())))
    }
}
