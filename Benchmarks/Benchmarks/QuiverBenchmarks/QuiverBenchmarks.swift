import Benchmark

/// Quiver's in-process benchmarks: request building, form encoding and the stubbed pipeline.
/// The live comparison with raw URLSession is the `QuiverLive` executable (see `run`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .quiver
    registerRequestBuilding()
    registerFormEncoding()
    registerStubbedPipeline()
    registerBuiltinPlugins()
    registerCaching()
}
