// What every harness shares: the input as bytes to draw from, the choices derived from it, and
// how a property that does not hold stops the run (libFuzzer saves the input as a crash; the
// replay names the file).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input, read from the front; reading past the end gives zeros, so that every
/// input, the empty one included, is a valid run.
struct FuzzInput {
    let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The bytes not read yet.
    var rest: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A number in `range`, from one or two bytes.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return range.lowerBound + raw % span
    }

    /// Up to `count` bytes: the next length byte says how many.
    mutating func bytes(upTo count: Int) -> ArraySlice<UInt8> {
        let wanted = int(in: 0...count)
        let start = min(position, bytes.count)
        let length = min(wanted, bytes.count - start)
        position = start + length
        return bytes[start..<(start + length)]
    }

    mutating func string(upTo count: Int) -> String {
        String(decoding: bytes(upTo: count), as: UTF8.self)
    }
}

/// A generator seeded from the input, for choices that must not eat its bytes (where to cut a
/// stream into chunks): SplitMix64 over an FNV-1a hash of the bytes.
struct DerivedRandom {
    private var state: UInt64

    init<Bytes: Sequence>(seed: Bytes) where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    mutating func int(below bound: Int) -> Int {
        bound <= 1 ? 0 : Int(next() % UInt64(bound))
    }
}

/// Cuttings of `bytes` into chunks: whole, one byte each, and `count` cuttings at derived points.
func cuttings(of bytes: [UInt8], count: Int = 3) -> [[ArraySlice<UInt8>]] {
    var all: [[ArraySlice<UInt8>]] = [[bytes[...]], bytes.indices.map { bytes[$0...$0] }]
    var random = DerivedRandom(seed: bytes)
    for _ in 0..<count {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            // Mostly short chunks, sometimes long ones, sometimes empty ones.
            let length = random.int(below: 4) == 0 ? random.int(below: bytes.count + 1) : random.int(below: 5)
            let end = min(bytes.count, start + length)
            chunks.append(bytes[start..<end])
            start = end
        }
        all.append(chunks)
    }
    return all
}

/// Stops the run when a property does not hold: prints what failed and the input, then traps
/// (libFuzzer keeps the input as a crash; the replay names the file it was reading).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    FuzzFailure.report("property failed at \(file):\(line): \(message())")
}

enum FuzzFailure {
    static func report(_ message: String) -> Never {
        var text = message
        if let path = currentInputPath { text += "\n  input: \(path)" }
        FileHandleWriter.standardError(text + "\n")
        fatalError("fuzz property failed")
    }
}

/// The file the replay is reading (nil under libFuzzer, which names its inputs itself).
nonisolated(unsafe) var currentInputPath: String?

/// Writes to standard error without Foundation's buffering.
enum FileHandleWriter {
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            _ = write(2, buffer.baseAddress, buffer.count)
        }
    }
}

/// One harness: a name (its corpus folder and dictionary) and one run on one input.
protocol FuzzHarness {
    static var name: String { get }
    static func run(_ bytes: [UInt8])
}
