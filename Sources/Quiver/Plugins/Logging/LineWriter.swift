/// Writes a log line in one allocation, without the per-append work of `String`: the pieces are
/// measured first, then copied into a string of exactly their size.
///
/// ```swift
/// let line = LineWriter.line { $0.write("GET "); $0.write(url); $0.write(200) }
/// ```
struct LineWriter {
    /// Where the bytes go; `nil` while measuring.
    private let buffer: UnsafeMutableBufferPointer<UInt8>?
    /// The bytes written (or measured) so far.
    private(set) var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>?) {
        self.buffer = buffer
    }

    /// The text `write` writes. `write` is called twice, to measure and to copy, and must
    /// write the same both times.
    static func line(_ write: (inout LineWriter) -> Void) -> String {
        var measure = LineWriter(buffer: nil)
        write(&measure)
        return String(unsafeUninitializedCapacity: measure.count) { buffer in
            var writer = LineWriter(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    /// Appends `text`.
    mutating func write(_ text: String) {
        guard buffer != nil else {
            count += text.utf8.count
            return
        }
        // In the string's own storage: no copy of the string, no retain.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in text.utf8 {
                withUnsafePointer(to: byte) { append(UnsafeBufferPointer(start: $0, count: 1)) }
            }
        }
    }

    /// Appends `text`.
    mutating func write(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `number` in decimal.
    mutating func write(_ number: Int) {
        var length = number < 0 ? 1 : 0
        var rest = number.magnitude
        repeat {
            length += 1
            rest /= 10
        } while rest > 0
        guard let buffer else {
            count += length
            return
        }
        guard count + length <= buffer.count else { return }
        if number < 0 {
            buffer[count] = UInt8(ascii: "-")
        }
        var magnitude = number.magnitude
        var position = count + length
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += length
    }

    /// Copies `bytes` after what was written; while measuring, only counts them. Never writes
    /// past the end of the buffer: a writer that wrote more the second time is cut short.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let buffer else {
            count += bytes.count
            return
        }
        let copied = min(bytes.count, buffer.count - count)
        guard copied > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: copied)
        count += copied
    }
}
