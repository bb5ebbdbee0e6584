import Dispatch
import Foundation
import Greetings
import Quiver

let provider = Provider<Greeting>(stubClosure: Provider.immediatelyStub)

provider.request(.hello) { result in   // main-actor code: runs once the main queue does
    switch result {
    case .success(let response): print(String(decoding: response.data, as: UTF8.self))
    case .failure(let error): print(error)
    }
    exit(0)
}
dispatchMain()
