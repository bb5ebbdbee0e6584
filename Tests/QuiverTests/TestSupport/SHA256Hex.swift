import Foundation
@testable import Quiver

/// SHA-256 as lowercase hex, for comparing uploads with what a server received. (Foundation
/// on Linux has no CryptoKit; this is the library's own FIPS 180-4 SHA-256, which Digest
/// authentication uses and `DigestHashTests` checks against the standard's vectors.)
enum SHA256Hex {
    static func of(_ data: Data) -> String {
        DigestAuthorization.hex(SHA256.hash(data))
    }
}
