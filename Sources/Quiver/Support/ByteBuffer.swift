/// A growable byte buffer that starts in memory the caller lends it —
/// usually a stack allocation — and moves to the heap only if it outgrows
/// it, so encoding a typical query allocates nothing but the final string.
///
/// The buffer is non-copyable, which ties the lifetime of any heap memory
/// it owns to the buffer itself.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var ownsBase: Bool
    /// The number of bytes written.
    private(set) var count = 0

    /// Creates a buffer that writes into `storage` until it is full.
    ///
    /// `storage` must outlive the buffer, as a `withUnsafeTemporaryAllocation`
    /// scope that also encloses the buffer's use does.
    init(initialStorage storage: UnsafeMutableBufferPointer<UInt8>) {
        if let address = storage.baseAddress, storage.count > 0 {
            base = address
            capacity = storage.count
            ownsBase = false
        } else {
            capacity = 64
            base = .allocate(capacity: capacity)
            ownsBase = true
        }
    }

    /// Creates a buffer in heap memory.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        ownsBase = true
    }

    deinit {
        if ownsBase {
            base.deallocate()
        }
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ byte: UInt8) {
        if count == capacity {
            grow(toAtLeast: count + 1)
        }
        base[count] = byte
        count += 1
    }

    mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        if count + 3 > capacity {
            grow(toAtLeast: count + 3)
        }
        base[count] = first
        base[count + 1] = second
        base[count + 2] = third
        count += 3
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity {
            grow(toAtLeast: count + bytes.count)
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(contentsOf other: borrowing ByteBuffer) {
        other.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of a string literal.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `byteCount` bytes that `body` writes in place.
    mutating func append(
        byteCount: Int,
        initializingWith body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        if count + byteCount > capacity {
            grow(toAtLeast: count + byteCount)
        }
        body(UnsafeMutableBufferPointer(start: base + count, count: byteCount))
        count += byteCount
    }

    /// Removes the bytes after the first `newCount`.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "ByteBuffer truncated past its end")
        count = newCount
    }

    /// Calls `body` with the bytes written so far, valid only during the
    /// call.
    func withUnsafeBytes<Result, Failure>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    private mutating func grow(toAtLeast minimum: Int) {
        let newCapacity = max(capacity * 2, minimum)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if ownsBase {
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
        ownsBase = true
    }
}
