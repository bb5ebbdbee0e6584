import Dispatch
import Greetings
import Quiver

let provider = Provider<Greeting>(stubClosure: Provider.immediatelyStub)

let done = DispatchSemaphore(value: 0)
// A closure of no actor: its type says so, and it runs on the global executor.
let printGreeting: @Sendable (Result<Response, QuiverError>) -> Void = { result in
    switch result {
    case .success(let response): print(String(decoding: response.data, as: UTF8.self))
    case .failure(let error): print(error)
    }
    done.signal()
}
provider.request(.hello, completion: printGreeting)
done.wait()
