import Foundation

/// The `Authorization: Digest …` answer to a Digest challenge (RFC 7616): MD5 or SHA-256, their
/// `-sess` variants, `qop=auth` (or `auth-int` when the body is known), and RFC 2069 servers
/// that offer no `qop`.
struct DigestAuthorization: Sendable {
    /// The challenge being answered.
    let challenge: AuthenticationChallenge
    /// The hash the challenge asks for.
    let algorithm: Algorithm
    /// The quality of protection chosen, or `nil` for a server that offers none.
    let qop: String?

    /// A hash function Digest names.
    enum Algorithm: String, Sendable {
        case md5 = "MD5", md5Session = "MD5-sess", sha256 = "SHA-256", sha256Session = "SHA-256-sess"

        /// `value` hashed, as lowercase hex.
        func hex(_ value: some Sequence<UInt8>) -> String {
            let digest = switch self {
            case .md5, .md5Session: MD5.hash(value)
            case .sha256, .sha256Session: SHA256.hash(value)
            }
            return DigestAuthorization.hex(digest)
        }

        var isSession: Bool { self == .md5Session || self == .sha256Session }
    }

    /// The answer `challenge` can be given, or `nil` when it names an algorithm or `qop` Quiver
    /// does not speak, or has no nonce.
    ///
    /// - Parameter bodyIsKnown: Whether the request's whole body is at hand (`auth-int` hashes it).
    init?(_ challenge: AuthenticationChallenge, bodyIsKnown: Bool) {
        guard challenge.scheme == "digest", challenge["nonce"] != nil else { return nil }
        let name = challenge["algorithm"] ?? "MD5"
        guard let algorithm = [Algorithm.md5, .md5Session, .sha256, .sha256Session]
            .first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        self.challenge = challenge
        self.algorithm = algorithm
        if let offered = challenge["qop"] {
            let options = offered.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if options.contains("auth") {
                qop = "auth"
            } else if options.contains("auth-int"), bodyIsKnown {
                qop = "auth-int"
            } else {
                return nil
            }
        } else {
            qop = nil
        }
    }

    /// Whether the server said the nonce went stale while the credential was right.
    var isStale: Bool { challenge["stale"]?.lowercased() == "true" }

    /// The `Authorization` header value.
    ///
    /// - Parameters:
    ///   - user: The user name.
    ///   - password: The password.
    ///   - method: The request's method.
    ///   - uri: The request target: path and query, as sent.
    ///   - body: The request's body, for `auth-int`.
    ///   - nonceCount: How many times this nonce has been used, this time included.
    ///   - clientNonce: A fresh random value.
    func header(user: String, password: String, method: String, uri: String, body: Data?,
                nonceCount: Int, clientNonce: String) -> String {
        let realm = challenge["realm"] ?? ""
        let nonce = challenge["nonce"] ?? ""
        var secret = algorithm.hex(Array("\(user):\(realm):\(password)".utf8))
        if algorithm.isSession {
            secret = algorithm.hex(Array("\(secret):\(nonce):\(clientNonce)".utf8))
        }
        var target = "\(method):\(uri)"
        if qop == "auth-int" {
            target += ":" + algorithm.hex(body ?? Data())
        }
        let hashedTarget = algorithm.hex(Array(target.utf8))
        let count = Self.nonceCountText(nonceCount)
        let response: String
        if let qop {
            response = algorithm.hex(Array("\(secret):\(nonce):\(count):\(clientNonce):\(qop):\(hashedTarget)".utf8))
        } else {
            response = algorithm.hex(Array("\(secret):\(nonce):\(hashedTarget)".utf8))
        }

        var fields = [Self.userField(user), "realm=\(Self.quoted(realm))", "nonce=\(Self.quoted(nonce))",
                      "uri=\(Self.quoted(uri))", "algorithm=\(algorithm.rawValue)", "response=\(Self.quoted(response))"]
        if let qop {
            fields += ["qop=\(qop)", "nc=\(count)", "cnonce=\(Self.quoted(clientNonce))"]
        }
        if let opaque = challenge["opaque"] {
            fields.append("opaque=\(Self.quoted(opaque))")
        }
        return "Digest " + fields.joined(separator: ", ")
    }

    /// `count` as the 8 hex digits of `nc`.
    static func nonceCountText(_ count: Int) -> String {
        let hex = String(UInt32(truncatingIfNeeded: count), radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    /// `username="…"`, or `username*=UTF-8''…` (RFC 7616 §3.4.4) for a name that a quoted
    /// string cannot carry as it is: non-ASCII, control characters, quotes, backslashes.
    static func userField(_ user: String) -> String {
        let plain = user.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain { return "username=\(quoted(user))" }
        return "username*=UTF-8''" + String(decoding: PercentEscaper.encoded(Array(user.utf8)), as: UTF8.self)
    }

    /// `value` as a quoted string; quotes and backslashes escaped, line breaks dropped (a header
    /// value cannot hold them).
    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars where scalar != "\r" && scalar != "\n" {
            if scalar == "\"" || scalar == "\\" { text.append("\\") }
            text.unicodeScalars.append(scalar)
        }
        return text + "\""
    }

    /// A fresh client nonce: 16 random bytes as hex.
    static func makeClientNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// `bytes` as lowercase hex.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
