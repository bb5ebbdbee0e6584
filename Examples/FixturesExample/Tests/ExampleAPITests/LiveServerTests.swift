import ExampleAPI
import Foundation
import Quiver
import Testing

/// The pet store's target against a real server on this machine: each test starts its own
/// (`LocalServer`), sends to it through an `EnvironmentPlugin` that moves production's requests
/// there, and stops it when the test's suite instance goes (`deinit`). The pattern of Quiver's
/// article "Testing against a local server".
@Suite final class LiveServerTests {
    private let folder: URL
    private let server: LocalServer
    private let petStore: Provider<PetStore>

    /// Before each test: the files the server answers with, the server, a provider aimed at it.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-live-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pets"), withIntermediateDirectories: true)
        try Data(#"{"id":1,"name":"Rex","tags":["dog"]}"#.utf8).write(to: folder.appendingPathComponent("pets/1"))
        server = try LocalServer(serving: folder)

        let production = APIEnvironment(name: "production", baseURL: PetStore.pets.baseURL)
        let local = APIEnvironment(name: "local", baseURL: server.baseURL)
        petStore = Provider(plugins: [EnvironmentPlugin(current: local, among: [production]),
                                      AccessTokenPlugin { _ in "t0ken-for-tests" }])
    }

    /// After each test: the server stopped, its files removed.
    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aPetComesFromTheServer() async throws {
        let pet = try await petStore.decode(Pet.self, from: .pet(id: 1))
        #expect(pet == Pet(id: 1, name: "Rex", tags: ["dog"]))
    }

    @Test func aPetTheServerDoesNotHaveIsA404() async {
        do {
            _ = try await petStore.response(for: .pet(id: 2))
            Issue.record("the request succeeded")
        } catch .statusCode(let response) {
            #expect(response.statusCode == 404)
            #expect(response.request?.url?.host == "127.0.0.1")
        } catch {
            Issue.record("\(error)")
        }
    }
}
