import Foundation
import Quiver

/// A chat completion streamed as Server-Sent Events, always from its sample data: httpbin has
/// no event stream, so this stop stays offline even with --base-url.
enum ChatDemo: TargetType, StubStreamPacingProviding {
    case complete(prompt: String)

    var baseURL: URL { DemoAPI.stubBaseURL }
    var path: String { "chat/completions" }
    var method: HTTPMethod { .post }
    var task: HTTPTask {
        switch self {
        case .complete(let prompt): .json(["prompt": prompt])
        }
    }

    var sampleData: Data {
        let tokens = ["Streams", " arrive", " as", " they", " are", " written."]
        let events = tokens.map { ServerSentEvent(event: "delta", data: #"{"text":"\#($0)"}"#) }
            + [ServerSentEvent(data: "[DONE]")]
        return Data(events.map(\.wireFormat).joined().utf8)
    }

    /// One event every 50 ms, as a model would write them.
    var sampleStreamPacing: StubStreamPacing { .events(every: 0.05) }
}

/// Writes what `print` buffered, so that it comes before the unbuffered writes that follow.
private func fflushStandardOutput() {
    fflush(nil)
}

struct ChatDelta: Decodable {
    let text: String
}

extension Tour {
    func streamedEvents() async {
        print("5. A stubbed Server-Sent Events stream (one event every 50 ms)")
        fflushStandardOutput()
        let chat = Provider<ChatDemo>(stubClosure: Provider.immediatelyStub)
        do {
            let stream = try await chat.stream(for: .complete(prompt: "Say something"))
            // Written straight to standard output, unbuffered, so each token shows as it arrives.
            let output = FileHandle.standardOutput
            output.write(Data("   ".utf8))
            for try await delta in stream.decodedEvents(as: ChatDelta.self, until: "[DONE]") {
                output.write(Data(delta.text.utf8))
            }
            output.write(Data("\n".utf8))
        } catch {
            print("   Unexpected failure: \(error)")
        }
    }
}
