import Foundation

/// A target that names its own fixture file, instead of the name made from method and path.
public protocol FixtureNaming {
    /// The fixture's file name, such as `"user-profile.json"`.
    var fixtureName: String { get }
}

enum FixtureNames {
    /// `GET-users-1.json` for `GET /v2/users/1` under the base path `/v2`: method, then the
    /// target's path (its segments joined with `-`) with anything but letters, digits, `.`, `_`
    /// and `-` turned into `-`.
    static func name(for target: any TargetType) -> String {
        if let named = target as? any FixtureNaming {
            return named.fixtureName
        }
        let method = target.method.rawValue
        let path = target.path
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            let cleaned = String(path.split(separator: "/").joined(separator: "-").unicodeScalars.map { scalar -> Character in
                CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar) ? Character(scalar) : "-"
            })
            return "\(method)-\(cleaned.isEmpty ? "root" : cleaned).json"
        }
        // ASCII paths (nearly all) in one pass over the bytes: this runs on every replayed request.
        var name: [UInt8] = []
        name.reserveCapacity(method.utf8.count + path.utf8.count + 10)
        name.append(contentsOf: method.utf8)
        name.append(UInt8(ascii: "-"))
        var segments = 0
        var separates = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                separates = segments > 0
                continue
            }
            if separates {
                name.append(UInt8(ascii: "-"))
                separates = false
            }
            name.append(isKept(byte) ? byte : UInt8(ascii: "-"))
            segments = 1
        }
        if segments == 0 {
            name.append(contentsOf: "root".utf8)
        }
        name.append(contentsOf: ".json".utf8)
        return String(decoding: name, as: UTF8.self)
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
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
