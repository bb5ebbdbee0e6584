import Benchmark
import BenchSupport
import Foundation
import Quiver

/// `FormEncoder` against the same 50 pairs encoded by hand with `URLComponents`.
func registerFormEncoding() {
    let encoder = FormEncoder()
    let parameters = Payloads.searchQuery

    Benchmark("FormEncoder-50-pairs") { benchmark in
        try benchmark.measureIterations {
            blackHole(try encoder.encode(parameters))
        }
    }

    // The hand-written version builds its items inside the loop, so this variant builds the
    // `Parameters` literal inside the loop too: both start from the same Swift values.
    Benchmark("FormEncoder-50-pairs-with-literal") { benchmark in
        try benchmark.measureIterations {
            blackHole(try encoder.encode(Payloads.parameters()))
        }
    }

    Benchmark("URLComponents-50-pairs") { benchmark in
        benchmark.measureIterations {
            blackHole(Payloads.encodedByHand())
        }
    }
}
