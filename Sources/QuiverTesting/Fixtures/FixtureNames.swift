import Foundation
import Quiver

/// The file name of a target's fixture, for recording and replaying.
enum FixtureNames {
    /// `GET-users-1.json` for `GET /v2/users/1` under the base path `/v2`: method, then the
    /// target's path (its segments joined with `-`) with anything but letters, digits, `.`, `_`
    /// and `-` turned into `-`.
    static func name(for target: any TargetType) -> String {
        if let named = target as? any FixtureNaming {
            return named.fixtureName
        }
        let cleaned = String(target.path.split(separator: "/").joined(separator: "-").unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar) ? Character(scalar) : "-"
        })
        return "\(target.method.rawValue)-\(cleaned.isEmpty ? "root" : cleaned).json"
    }
}

extension FixtureNames {
    /// A relative file URL for a fixture name, such as `GET-users-1.json`, whose `path` is the
    /// name itself: how a fixture missing from an in-memory table is named.
    static func relativeURL(for name: String) -> URL {
        var components = URLComponents()
        components.path = name
        return components.url ?? URL(fileURLWithPath: name)
    }
}
