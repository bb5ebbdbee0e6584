import Benchmark
import BenchSupport
import Foundation
import Quiver
import QuiverTesting

/// A stubbed request through the whole pipeline (endpoint → request → plugins → stub
/// transport → validation → plugins → result), with and without decoding, and the decoding
/// alone so that the pipeline's own share is visible.
func registerStubbedPipeline() {
    let decoder = JSONDecoder()
    Benchmark("Decode-alone") { benchmark in
        try benchmark.measureIterations {
            blackHole(try decoder.decode(User.self, from: SmallBody.data))
        }
    }

    for count in [0, 3, 10] {
        // Built once, outside the measurement: a provider is long-lived.
        let provider = Provider<BenchAPI>(stubClosure: Provider.immediatelyStub, plugins: StampPlugin.make(count))

        Benchmark("Stub-\(count)-plugins") { benchmark in
            try await benchmark.measureIterations {
                blackHole(try await provider.response(for: .user))
            }
        }

        Benchmark("Stub-decode-\(count)-plugins") { benchmark in
            try await benchmark.measureIterations {
                blackHole(try await provider.decode(User.self, from: .user))
            }
        }
    }

    // The same request answered by a StubNetwork that expects it: what recording and matching
    // cost a test (issue 31: at most 2 µs over Stub-decode-3-plugins). A network per sample, as
    // a network per test: its record of requests does not grow across samples.
    Benchmark("Expect-decode-3-plugins") { benchmark in
        let network = StubNetwork()
        network.expect(.get, "/v1/users/42", times: .atLeast(0)).respond(body: SmallBody.data)
        let expecting = Provider<BenchAPI>(transport: network, plugins: StampPlugin.make(3))
        try await benchmark.measureIterations {
            blackHole(try await expecting.decode(User.self, from: .user))
        }
    }

    // The same three headers stamped by plugins that copy the request before changing it.
    let moyaStyle = Provider<BenchAPI>(stubClosure: Provider.immediatelyStub, plugins: MoyaStylePlugin.make(3))
    Benchmark("Stub-decode-3-moya-style-plugins") { benchmark in
        try await benchmark.measureIterations {
            blackHole(try await moyaStyle.decode(User.self, from: .user))
        }
    }

    // Replaying recorded fixtures: from memory (what the QuiverFixtures plugin generates) and
    // from a folder of files (read once, then served from memory), against Stub-decode-3-plugins.
    let fixture = Fixture(request: .init(method: "GET", path: "/v1/users/42"), statusCode: 200,
                          headers: ["Content-Type": "application/json"], body: SmallBody.data)
    let name = "GET-users-42.json"
    let inMemory = Provider<BenchAPI>(endpointClosure: Provider.replayingFixtures([name: fixture]),
                                      stubClosure: Provider.immediatelyStub, plugins: StampPlugin.make(3))
    Benchmark("Replay-decode-3-plugins") { benchmark in
        try await benchmark.measureIterations {
            blackHole(try await inMemory.decode(User.self, from: .user))
        }
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-bench-fixtures-\(getpid())")
    Benchmark("Replay-file-decode-3-plugins",
              closure: { benchmark in
                  let fromFiles = Provider<BenchAPI>(endpointClosure: Provider.replayingFixtures(from: folder),
                                                     stubClosure: Provider.immediatelyStub, plugins: StampPlugin.make(3))
                  try await benchmark.measureIterations {
                      blackHole(try await fromFiles.decode(User.self, from: .user))
                  }
              },
              setup: { try FixtureFolder.write(fixture, named: name, in: folder) },
              teardown: { try? FileManager.default.removeItem(at: folder) })

    let mapped = Provider<GetUser>(stubClosure: Provider.immediatelyStub, plugins: StampPlugin.make(3))
    Benchmark("Stub-mapping-3-plugins") { benchmark in
        await benchmark.measureIterations {
            blackHole(await mapped.request(GetUser()))
        }
    }
}

/// Writes a fixture file as `RecordingPlugin` would.
enum FixtureFolder {
    static func write(_ fixture: Fixture, named name: String, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(fixture).write(to: folder.appendingPathComponent(name))
    }
}
