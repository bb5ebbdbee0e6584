import Foundation
import Testing
@testable import Quiver

@Suite struct NetworkLoggerVerboseDefaultTests {
    @Test func verboseOptionsShowHeadersAndBodiesWithoutNamingALevel() async {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, items in lines.withLock { $0 += items } },
                                                              logOptions: .verbose))
        let target = GenericTarget(baseURL: exampleBase, method: .post, task: .json(["name": "Ada"]),
                                   headers: ["X-Other": "visible"], sampleData: Data(#"{"id":1}"#.utf8))
        _ = await Provider<GenericTarget>(stubClosure: Provider.immediatelyStub, plugins: [logger]).result(for: target)
        let text = lines.withLock { $0 }.joined(separator: "\n")
        #expect(text.contains("X-Other"))
        #expect(text.contains("Ada"))
        #expect(text.contains(#"{"id":1}"#))
    }
}

@Suite struct NetworkLoggerRefusalTests {
    @Test func aRequestRefusedBeforeSendingIsLoggedOnceWithSecretsRedacted() async {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, items in lines.withLock { $0 += items } },
                                                              level: .error,
                                                              redaction: .init(queryParameters: ["api_key"])))
        let target = GenericTarget(baseURL: URL(string: "https://api.example.com/v2?api_key=SECRET-KEY-9")!,
                                   task: .data(Data("body on GET".utf8)))
        let result = await Provider<GenericTarget>(stubClosure: Provider.immediatelyStub, plugins: [logger]).result(for: target)
        guard case .invalidRequest = result.failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.contains("cannot carry a body") == true)
        #expect(!logged.joined().contains("SECRET-KEY-9"))
    }
}
