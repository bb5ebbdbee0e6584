import Dispatch
import Greetings
import Quiver

let provider = Provider<Greeting>(stubClosure: Provider.immediatelyStub)

// Hangs: the closure is main-actor code, and the main thread waits for it.
let done = DispatchSemaphore(value: 0)
provider.request(.hello) { result in
    print((try? result.get()).map { String(decoding: $0.data, as: UTF8.self) } ?? "failed")
    done.signal()
}
done.wait()
