import Foundation

/// A target that names its own fixture file, instead of the name made from method and path.
public protocol FixtureNaming {
    /// The fixture's file name, such as `"user-profile.json"`.
    var fixtureName: String { get }
}
