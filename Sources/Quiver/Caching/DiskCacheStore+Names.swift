import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The names of a disk store's folders and files: derived from digests, so that no URL or
/// credential appears on disk, and recognised again when the store scans its directory.
extension DiskCacheStore {
    /// The file name of the entry of `variant` under `key`.
    static func fileName(key: CacheKey, variant: CacheVariantKey) -> String {
        key.identity.hex + "-" + digest(of: variant).hex + suffix
    }

    /// A digest naming a variant key: of its fields, each length-prefixed, so that two keys
    /// have the same digest only when they are equal.
    static func digest(of variant: CacheVariantKey) -> CacheDigest {
        var bytes: [UInt8] = [variant.matchesNothing ? 1 : 0]
        func append(_ count: Int) {
            withUnsafeBytes(of: UInt64(count).bigEndian) { bytes += $0 }
        }
        append(variant.fields.count)
        for field in variant.fields {
            append(field.name.utf8.count)
            bytes += field.name.utf8
            if let value = field.value {
                bytes.append(1)
                bytes += value.bytes
            } else {
                bytes.append(0)
            }
        }
        return CacheDigest(of: bytes)
    }

    /// A new temporary file name: ``temporaryPrefix`` and 32 random hexadecimal digits.
    static func temporaryName() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var name = Array(temporaryPrefix.utf8)
        for _ in 0..<16 {
            let byte = UInt8.random(in: 0...255)
            name += [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Whether `name` is a resource folder's: 64 lowercase hexadecimal digits.
    static func isResourceFolderName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy(isHexDigit)
    }

    /// Whether `name` is an entry file's: two digests joined by `-`, then ``suffix``.
    static func isEntryName(_ name: String) -> Bool {
        guard name.hasSuffix(suffix) else { return false }
        let stem = name.utf8.dropLast(suffix.utf8.count)
        return stem.count == 129 && stem.enumerated().allSatisfy { index, byte in
            index == 64 ? byte == UInt8(ascii: "-") : isHexDigit(byte)
        }
    }

    /// Whether `name` is a temporary file's: ``temporaryPrefix`` and 32 hexadecimal digits.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let digits = name.utf8.dropFirst(temporaryPrefix.utf8.count)
        return digits.count == 32 && digits.allSatisfy(isHexDigit)
    }

    /// Whether `byte` is `0`–`9` or `a`–`f`.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }
}
