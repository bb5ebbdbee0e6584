/// A target whose sample data ``Provider/stream(for:)`` streams in pieces when it is stubbed.
public protocol StubStreamPacingProviding {
    /// How the sample data is streamed. Without this adoption: ``StubStreamPacing/whole``.
    var sampleStreamPacing: StubStreamPacing { get }
}
