import Foundation

/// The challenges a ``CredentialsPlugin`` has answered, each with its protection space: the
/// paths of one origin where its credentials may be sent up front.
///
/// - Basic (RFC 7617 §2.2): every path at or below the directory of the challenged request's
///   path (`/basic-auth/ada/` for `/basic-auth/ada/s3cret`).
/// - Digest (RFC 7616 §3.3): the paths of the challenge's `domain` on this origin, else the whole
///   origin; and the challenged request's directory, so that a request answers the challenge it
///   was just given.
///
/// A request takes the challenge whose space holds its path most closely (the longest prefix;
/// the newest among equals). Never across origins: a space is one origin's.
struct ProtectionSpaces: Sendable {
    /// A challenge answered, where its credentials go, and how often its nonce was used.
    struct Entry: Sendable {
        let challenge: AuthenticationChallenge
        let paths: [String]
        var nonceCount = 0
    }

    /// The entries by origin, oldest first.
    private var entries: [Origin: [Entry]] = [:]

    /// Whether any challenge was answered for `origin`.
    func hasAnswered(origin: Origin) -> Bool {
        entries[origin] != nil
    }

    /// The challenge whose space holds `path` on `origin`, counting one more use of its nonce.
    mutating func use(origin: Origin, path: String) -> (challenge: AuthenticationChallenge, nonceCount: Int)? {
        guard let index = index(origin: origin, path: path) else { return nil }
        entries[origin]?[index].nonceCount += 1
        guard let entry = entries[origin]?[index] else { return nil }
        return (entry.challenge, entry.nonceCount)
    }

    /// The challenge whose space holds `path` on `origin`, without using it.
    func challenge(origin: Origin, path: String) -> AuthenticationChallenge? {
        index(origin: origin, path: path).flatMap { entries[origin]?[$0].challenge }
    }

    /// Remembers `challenge`, given to a request for `path` on `origin`: it replaces the one of
    /// the same scheme and realm there.
    mutating func answer(_ challenge: AuthenticationChallenge, origin: Origin, path: String) {
        let directory = Self.directory(of: path)
        var paths = [directory]
        if challenge.scheme == "digest" {
            let domain = Self.paths(inDomain: challenge["domain"], origin: origin)
            paths += domain.isEmpty ? ["/"] : domain
        }
        var list = entries[origin] ?? []
        list.removeAll { $0.challenge.scheme == challenge.scheme && $0.challenge["realm"] == challenge["realm"] }
        list.append(Entry(challenge: challenge, paths: paths))
        entries[origin] = list
    }

    private func index(origin: Origin, path: String) -> Int? {
        guard let list = entries[origin] else { return nil }
        var best: (index: Int, length: Int)?
        for (index, entry) in list.enumerated() {
            for prefix in entry.paths where path.hasPrefix(prefix) && prefix.count >= (best?.length ?? 0) {
                best = (index, prefix.count)
            }
        }
        return best?.index
    }

    /// `/a/b/` for `/a/b/c`, `/` for `/c` or an empty path.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        return String(path[...slash])
    }

    /// The paths of a Digest `domain` (space-separated URIs, absolute or paths) on `origin`.
    private static func paths(inDomain domain: String?, origin: Origin) -> [String] {
        guard let domain else { return [] }
        return domain.split(separator: " ").compactMap { uri -> String? in
            if uri.hasPrefix("/") { return String(uri) }
            guard let url = URL(string: String(uri)), Origin(url) == origin else { return nil }
            return url.path.isEmpty ? "/" : url.path
        }
    }
}
