import Foundation

/// A target that decides whether its path may hold `.` and `..` segments.
///
/// Quiver refuses a path with a dot segment (`"users/../admin"`) with
/// ``QuiverError/invalidRequest(_:)``, nothing sent: the transport or the server resolves it
/// (libcurl sends that path as `/admin`), so a value in the path could reach another resource.
/// A target whose path means them adopts this protocol; its dot segments are then sent as
/// written, and resolved as the transport and the server do. A percent-encoded dot segment
/// (`%2E%2E`, what `\(segment:)` makes of a value `..`) is refused even then.
///
/// ```swift
/// extension Files: DotSegmentsAllowing {
///     var allowsDotSegments: Bool { self == .parentListing }   // "folders/7/.."
/// }
/// ```
public protocol DotSegmentsAllowing: TargetType {
    /// Whether this target's path may hold `.` and `..` segments. Targets that do not conform
    /// may not.
    var allowsDotSegments: Bool { get }
}
