// One large streamed response, read as it arrives, through Quiver or through a raw
// URLSession delegate, so that Benchmarks/streaming can measure each in its own process with
// /usr/bin/time -v (issue 18).
//
//   QuiverStreaming MODE SERVER_URL BYTES
//
// MODE: raw-delegate | quiver-stream | quiver-stream-slow
// raw-delegate: a data task whose session delegate counts each chunk (what one writes on Linux,
// where URLSession has no bytes(for:)). quiver-stream: provider.stream(for:), chunks counted.
// quiver-stream-slow: the same, the reader sleeping 10 ms per MiB (at most ~100 MiB/s).
// SERVER_URL: the fault server (scripts/fault_server.py): GET /blob?bytes=N.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

let arguments = CommandLine.arguments
guard arguments.count == 4, let server = URL(string: arguments[2]), let size = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: QuiverStreaming MODE SERVER_URL BYTES\n".utf8))
    exit(2)
}
let mode = arguments[1]
let blob = server.appendingPathComponent("blob").appending(queryItems: [.init(name: "bytes", value: "\(size)")])

/// Counts the bytes of one data task and signals when it completes.
final class CountingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let received = Locked(0)
    let done = DispatchSemaphore(value: 0)

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        received.withLock { $0 += data.count }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        done.signal()
    }
}

/// A lock around a value, for the delegate's counter.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every access to `value` holds `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

let started = Date()
var received = 0
do {
    switch mode {
    case "raw-delegate":
        let delegate = CountingDelegate()
        let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: blob).resume()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                delegate.done.wait()
                continuation.resume()
            }
        }
        received = delegate.received.withLock { $0 }
        session.finishTasksAndInvalidate()
    case "quiver-stream", "quiver-stream-slow":
        let provider = Provider<GenericTarget>()
        let stream = try await provider.stream(for: GenericTarget(baseURL: blob))
        var sinceSleep = 0
        for try await chunk in stream {
            received += chunk.count
            sinceSleep += chunk.count
            if mode == "quiver-stream-slow", sinceSleep >= 1 << 20 {
                sinceSleep = 0
                try await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    default:
        FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
        exit(2)
    }
} catch {
    print("failed after \(received) bytes: \(error)")
}
print("received \(received)")
print("seconds \(Date().timeIntervalSince(started))")
