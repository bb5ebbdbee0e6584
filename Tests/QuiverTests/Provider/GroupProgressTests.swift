import Foundation
import Testing
@testable import Quiver

@Suite struct GroupProgressTests {
    @Test func aGroupReportsRequestsFinishedAndBytesMoved() async {
        let reports = Locked([GroupProgress]())
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
        let targets: [ExampleAPI] = [.user(id: 1), .user(id: 2), .search(query: "q", page: 1)]
        // CodyFire: [API.employee.all(), API.office.all(), ...].flatten().onProgress { ... }
        let results = await provider.results(for: targets, maximumConcurrency: 2) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(results.count == 3)
        let all = reports.withLock { $0 }
        let last = all.max { ($0.finishedCount, $0.bytesMoved) < ($1.finishedCount, $1.bytesMoved) }
        #expect(last?.finishedCount == 3)
        #expect(last?.totalCount == 3)
        #expect(last?.fractionFinished == 1)
        // Two user bodies of 21 bytes and "[]".
        #expect(last?.bytesMoved == 44)
        #expect(Set(all.map(\.finishedCount)).isSuperset(of: [1, 2, 3]))
    }

    @Test func typedGroupsReportProgressToo() async {
        struct Ping: TargetType, DecodableMapping {
            typealias Success = EmptyResponse
            var baseURL: URL { exampleBase }
            var path: String { "ping" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .plain }
        }
        let finished = Locked(0)
        let provider = Provider<Ping>(transport: RecordingTransport())
        _ = await provider.request([Ping(), Ping()]) { progress in finished.withLock { $0 = max($0, progress.finishedCount) } }
        #expect(finished.withLock { $0 } == 2)
    }
}
