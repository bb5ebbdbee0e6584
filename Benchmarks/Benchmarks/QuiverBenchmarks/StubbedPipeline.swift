import Benchmark
import BenchSupport
import Foundation
import Quiver

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
            await benchmark.measureIterations {
                blackHole(await provider.result(for: .user))
            }
        }

        Benchmark("Stub-decode-\(count)-plugins") { benchmark in
            try await benchmark.measureIterations {
                blackHole(try await provider.decode(User.self, from: .user))
            }
        }
    }

    let mapped = Provider<GetUser>(stubClosure: Provider.immediatelyStub, plugins: StampPlugin.make(3))
    Benchmark("Stub-mapping-3-plugins") { benchmark in
        await benchmark.measureIterations {
            blackHole(await mapped.request(GetUser()))
        }
    }
}
