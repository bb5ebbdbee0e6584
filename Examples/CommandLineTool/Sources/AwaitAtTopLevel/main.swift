import Greetings
import Quiver

let provider = Provider<Greeting>(stubClosure: Provider.immediatelyStub)

let response = try await provider.response(for: .hello)
print(String(decoding: response.data, as: UTF8.self))
