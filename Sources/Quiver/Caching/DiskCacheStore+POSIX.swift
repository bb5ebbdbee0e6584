import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX helpers of a disk store: a file's kind and time from `stat`, whole files read and
/// written by descriptor, and a file removed only while it is still the one that was opened.
extension DiskCacheStore {
    /// Whether `status` is a regular file's (`S_IFREG`; the values are POSIX's, written out
    /// because not every C library module exports the macros).
    static func isRegularFile(_ status: stat) -> Bool {
        status.st_mode & mode_t(0o170000) == mode_t(0o100000)
    }

    /// Whether `status` is a directory's (`S_IFDIR`).
    static func isDirectory(_ status: stat) -> Bool {
        status.st_mode & mode_t(0o170000) == mode_t(0o040000)
    }

    /// A file's modification time: seconds since 1970 and nanoseconds.
    static func modificationTime(_ status: stat) -> (Int, Int) {
        #if canImport(Darwin)
        (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #else
        (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #endif
    }

    /// The `size` bytes of the open file `descriptor`, when `size` is at most `limit` and the
    /// file holds exactly that many; `nil` otherwise.
    static func readAll(_ descriptor: Int32, size: Int, limit: Int) -> [UInt8]? {
        guard size >= 0, size <= limit, size < Int.max else { return nil }
        // One byte more than the size, to find a file longer than it said.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(descriptor, base + filled, buffer.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        guard filled == size else { return nil }
        bytes.removeLast()
        return bytes
    }

    /// Writes all of `data` to `descriptor`; whether it could.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let count = write(descriptor, base + done, buffer.count - done)
                if count > 0 {
                    done += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Removes the file at `path` when it is still the file `opened` describes.
    static func removeIfUnchanged(_ path: String, _ opened: stat) {
        var current = stat()
        guard lstat(path, &current) == 0, current.st_dev == opened.st_dev, current.st_ino == opened.st_ino else { return }
        unlink(path)
    }
}
