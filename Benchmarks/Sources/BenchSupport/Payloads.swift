import Foundation
import Quiver

/// The 50-pair query payload: 30 top-level scalars, a 10-key object, an object nested two
/// levels deep (4 pairs) and a 6-element array, with spaces, reserved characters and
/// non-ASCII text to escape.
public enum Payloads {
    /// The payload as a ``Parameters`` literal, built anew on every call (as a target's
    /// `task` does).
    public static func parameters() -> Parameters {
        [
            "q": "swift http client", "page": 2, "per_page": 50, "sort": "updated", "order": "desc",
            "include_archived": false, "include_forks": true, "min_stars": 100, "max_stars": 50_000,
            "language": "Swift", "license": "MIT", "owner": "octocat", "topic": "networking",
            "created_after": "2024-01-01", "created_before": "2026-11-22", "pushed_after": "2026-06-01",
            "size": 2048, "followers": 10, "good_first_issues": 3, "help_wanted": 5,
            "is_template": false, "is_public": true, "mirror": false, "archived": false,
            "score": 0.75, "weight": 1.5, "ratio": 0.125, "threshold": 99.9,
            "locale": "en-US", "timezone": "Europe/Stockholm",
            "filter": [
                "name": "quiver & friends", "description": "a REST client; typed", "city": "São Paulo",
                "country": "BR", "status": "active", "kind": "library", "platform": "linux",
                "arch": "x86_64", "channel": "stable", "tier": "gold",
            ],
            "ordering": [
                "primary": ["key": "stars", "direction": "desc"],
                "secondary": ["key": "name", "direction": "asc"],
            ],
            "tags": ["swift", "http", "rest", "moya", "async", "linux"],
        ]
    }

    /// ``parameters()`` built once.
    public static let searchQuery = parameters()

    /// The same 50 pairs encoded by hand, the way one would without Quiver: `URLQueryItem`s
    /// (numbers and Booleans turned into text on the way) and `URLComponents` doing the
    /// escaping. `URLComponents` escapes less than RFC 3986 asks (it keeps `+`, `;` and `/`
    /// in values), so the text differs slightly from ``FormEncoder``'s; the work is the same.
    public static func encodedByHand() -> String {
        var components = URLComponents()
        let tags = ["swift", "http", "rest", "moya", "async", "linux"]
        var items = [
            URLQueryItem(name: "q", value: "swift http client"), URLQueryItem(name: "page", value: String(2)),
            URLQueryItem(name: "per_page", value: String(50)), URLQueryItem(name: "sort", value: "updated"),
            URLQueryItem(name: "order", value: "desc"), URLQueryItem(name: "include_archived", value: String(false)),
            URLQueryItem(name: "include_forks", value: String(true)), URLQueryItem(name: "min_stars", value: String(100)),
            URLQueryItem(name: "max_stars", value: String(50_000)), URLQueryItem(name: "language", value: "Swift"),
            URLQueryItem(name: "license", value: "MIT"), URLQueryItem(name: "owner", value: "octocat"),
            URLQueryItem(name: "topic", value: "networking"), URLQueryItem(name: "created_after", value: "2024-01-01"),
            URLQueryItem(name: "created_before", value: "2026-11-22"),
            URLQueryItem(name: "pushed_after", value: "2026-06-01"), URLQueryItem(name: "size", value: String(2048)),
            URLQueryItem(name: "followers", value: String(10)), URLQueryItem(name: "good_first_issues", value: String(3)),
            URLQueryItem(name: "help_wanted", value: String(5)), URLQueryItem(name: "is_template", value: String(false)),
            URLQueryItem(name: "is_public", value: String(true)), URLQueryItem(name: "mirror", value: String(false)),
            URLQueryItem(name: "archived", value: String(false)), URLQueryItem(name: "score", value: String(0.75)),
            URLQueryItem(name: "weight", value: String(1.5)), URLQueryItem(name: "ratio", value: String(0.125)),
            URLQueryItem(name: "threshold", value: String(99.9)), URLQueryItem(name: "locale", value: "en-US"),
            URLQueryItem(name: "timezone", value: "Europe/Stockholm"),
            URLQueryItem(name: "filter[name]", value: "quiver & friends"),
            URLQueryItem(name: "filter[description]", value: "a REST client; typed"),
            URLQueryItem(name: "filter[city]", value: "São Paulo"), URLQueryItem(name: "filter[country]", value: "BR"),
            URLQueryItem(name: "filter[status]", value: "active"), URLQueryItem(name: "filter[kind]", value: "library"),
            URLQueryItem(name: "filter[platform]", value: "linux"), URLQueryItem(name: "filter[arch]", value: "x86_64"),
            URLQueryItem(name: "filter[channel]", value: "stable"), URLQueryItem(name: "filter[tier]", value: "gold"),
            URLQueryItem(name: "ordering[primary][key]", value: "stars"),
            URLQueryItem(name: "ordering[primary][direction]", value: "desc"),
            URLQueryItem(name: "ordering[secondary][key]", value: "name"),
            URLQueryItem(name: "ordering[secondary][direction]", value: "asc"),
        ]
        for tag in tags {
            items.append(URLQueryItem(name: "tags[]", value: tag))
        }
        components.queryItems = items
        return components.percentEncodedQuery ?? ""
    }
}
