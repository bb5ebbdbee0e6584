// The HTTP cache's reading of response and request header fields: `Cache-Control` (with
// `Pragma`), `Age`, `Date`, `Expires`, `Last-Modified`, `Vary` and the validators, as
// `CacheControl`, `CacheFreshness`, `CacheVariants` and `CacheValidation` read them.
//
// Input: a byte picks a status, then up to eight header fields ("name: value" pieces of the
// input), the rest a request's fields.
// Properties:
// - every delta-seconds directive the parser keeps is between 0 and 2^31;
// - a field value repeated (the same line sent twice) reads as it reads once;
// - the age and lifetime are finite and never negative; the age grows by exactly the time
//   the response then spends stored;
// - a request always matches the variant key made from its own fields (unless `Vary: *`);
// - the fields a cache stores never hold `Set-Cookie` or a hop-by-hop field, and a `304` merged
//   into them adds none either; merging the same fields twice changes nothing more.
import Foundation
@testable import Quiver

enum CacheHeadersHarness: FuzzHarness {
    static let name = "CacheHeaders"

    static let names = ["Cache-Control", "Pragma", "Age", "Date", "Expires", "Last-Modified", "Vary", "ETag",
                        "Set-Cookie", "Connection", "Accept", "Authorization", "Content-Length"]

    static func fields(_ input: inout FuzzInput, count: Int) -> [HTTPHeaderField] {
        (0..<count).map { _ in
            let pick = input.int(in: 0...(names.count))
            let name = pick < names.count ? names[pick] : input.string(upTo: 12)
            return HTTPHeaderField(name: name, value: input.string(upTo: 64))
        }
    }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let status = input.int(in: 100...599)
        let response = fields(&input, count: input.int(in: 0...8))
        let request = fields(&input, count: input.int(in: 0...4))

        for control in [CacheControl(responseFields: response), CacheControl(requestFields: request)] {
            for value in [control.maxAge, control.sharedMaxAge, control.minFresh, control.staleIfError, control.staleWhileRevalidate] {
                if let value { require((0...(1 << 31)).contains(value), "a delta of \(value) in \(response)") }
            }
            if let stale = control.maxStale { require(stale >= 0, "max-stale \(stale)") }
        }
        for field in response where HeaderName.equal(field.name, "Cache-Control") {
            require(CacheControl([field.value, field.value]) == CacheControl([field.value]),
                    "\(field.value.debugDescription) twice reads otherwise than once")
        }

        let received = Date(timeIntervalSince1970: 1_800_000_000)
        let entry = CacheEntry(statusCode: status, headerFields: response, body: Data(), requestTime: received.addingTimeInterval(-1),
                               responseTime: received, variant: .none)
        let now = CacheFreshness(entry: entry, now: received)
        let later = CacheFreshness(entry: entry, now: received.addingTimeInterval(100))
        require(now.age.isFinite && now.age >= 0 && now.lifetime.isFinite && now.lifetime >= 0,
                "age \(now.age), lifetime \(now.lifetime) for \(response)")
        require(later.age - now.age == 100, "100 s stored added \(later.age - now.age) to the age of \(response)")

        if let key = CacheVariants.key(responseFields: response, requestFields: request) {
            require(CacheVariants.matches(key, request), "a request does not match its own variant key: \(response) \(request)")
        }

        let stored = CacheValidation.storedFields(of: response)
        let merged = CacheValidation.merged(stored, with: request)
        for list in [stored, merged] {
            require(!list.contains { ["set-cookie", "connection", "transfer-encoding"].contains($0.name.lowercased()) },
                    "a field a cache never stores is stored: \(list)")
        }
        require(CacheValidation.merged(merged, with: request) == merged, "merging \(request) twice changed \(merged)")
    }
}
