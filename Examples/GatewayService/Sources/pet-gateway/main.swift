import Foundation
import Logging
import Metrics
import NIOPosix
import PetGateway
import Prometheus
import QuiverServiceLifecycle
import ServiceLifecycle

// `swift run pet-gateway --upstream http://127.0.0.1:8080 [--port 8081]`, with the token in
// PET_STORE_TOKEN: the gateway until SIGTERM or SIGINT, then a graceful shutdown.
var arguments = CommandLine.arguments.dropFirst()
var upstream: URL?
var port = 8081
while let flag = arguments.popFirst() {
    switch (flag, arguments.popFirst()) {
    case ("--upstream", let value?): upstream = URL(string: value)
    case ("--port", let value?): port = Int(value) ?? port
    default:
        FileHandle.standardError.write(Data("usage: pet-gateway --upstream URL [--port N]\n".utf8))
        exit(64)
    }
}
guard let upstream else {
    FileHandle.standardError.write(Data("pet-gateway: --upstream URL is required\n".utf8))
    exit(64)
}
let token = ProcessInfo.processInfo.environment["PET_STORE_TOKEN"] ?? ""
// Metrics for Prometheus at /metrics. A tracer (swift-otel's, exporting W3C trace context) is
// bootstrapped the same way, with InstrumentationSystem.bootstrap, before the provider is made.
let registry = PrometheusCollectorRegistry()
MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
let http = HTTPClientService(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, gracePeriod: .seconds(10))
let app = PetGateway.application(upstream: upstream, provider: PetGateway.provider(transport: http.transport) { token },
                                 metrics: registry, address: .hostname("127.0.0.1", port: port))
// Shut down last to first: the server finishes its requests while the client still serves them.
let group = ServiceGroup(services: [http, app], gracefulShutdownSignals: [.sigterm, .sigint],
                         logger: Logger(label: "pet-gateway"))
try await group.run()
