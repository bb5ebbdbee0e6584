import Foundation
import Testing
@testable import Quiver
@testable import QuiverTesting

@Suite struct FixtureNamesTests {
    @Test(arguments: [
        ("users/1", HTTPMethod.get, "GET-users-1.json"),
        ("/users/1/", .get, "GET-users-1.json"),
        ("a//b", .post, "POST-a-b.json"),
        ("", .get, "GET-root.json"),
        ("/", .delete, "DELETE-root.json"),
        ("search?q=1&x", .get, "GET-search-q-1-x.json"),
        ("files/report v2.pdf", .put, "PUT-files-report-v2.pdf.json"),
        ("keep._-these", .get, "GET-keep._-these.json"),
        ("café/naïve", .get, "GET-café-naïve.json"),
        ("emoji/😀", .get, "GET-emoji--.json"),
    ])
    func namesComeFromMethodAndPath(path: String, method: HTTPMethod, expected: String) {
        let target = GenericTarget(baseURL: exampleBase, path: path, method: method)
        #expect(FixtureNames.name(for: target) == expected)
    }

    @Test func aTargetNamingItsFixtureIsTakenAtItsWord() {
        #expect(FixtureNames.name(for: NamedFixtureTarget()) == "profile.json")
    }
}
