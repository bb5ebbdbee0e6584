import Foundation

/// Waits (without holding a thread) until `condition` holds, for at most `seconds`, and tells
/// whether it did. For tests that must know something happened before they go on, where a fixed
/// sleep would be too short on a busy machine.
func waitUntil(within seconds: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return true
}
