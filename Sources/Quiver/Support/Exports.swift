// Quiver's public API is written in Foundation's types: `URL`, `Data`, `URLRequest`,
// `HTTPURLResponse`, `JSONDecoder`, `DispatchQueue`. Re-exporting their modules makes
// `import Quiver` enough to write a target, a plugin or a transport on every platform. On Linux,
// `URLRequest`, `HTTPURLResponse` and `URLSessionConfiguration` live in FoundationNetworking, which
// a plain `import Foundation` does not bring in; without this file a plugin written there fails
// with "cannot find type 'URLRequest' in scope".

@_exported import Dispatch
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
