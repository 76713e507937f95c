import BatonRecords

/// The binary row format, version 2.
///
/// A record's row is its format byte followed by its cells, each a name id (varint) and a
/// value; a deleted record's row (its tombstone) has no bytes at all; a root field's row is
/// the format byte and one value. Values:
///
/// | byte        | value |
/// |-------------|-------|
/// | `00` `01` `02` | null, false, true |
/// | `03` zigzag varint | int |
/// | `04` 8 bytes LE | double |
/// | `05` len bytes | string (64 bytes or longer) |
/// | `06` len bytes | link whose key has no type (no `:`) |
/// | `07` count values | list (64 elements or more) |
/// | `08` json | custom scalar |
/// | `09` message, path, extensions | field error |
/// | `0A` type-id len bytes / `0B` type-id varint | link, type id ≥ 32, id as text / as a number |
/// | `0C` | string equal to the row's key's type (the text before its first `:`) |
/// | `0D` | string equal to the row's key's id (the text after its first `:`) |
/// | `0E` name-id len bytes | string: the name's text (a prefix ending in `/`), then the bytes |
/// | `10`–`3F` | int 0…47 |
/// | `40`–`7F` bytes | string of 0…63 bytes |
/// | `80`–`9F` len bytes | link to `type:id`, type id 0…31 in the tag |
/// | `A0`–`BF` varint | link to `type:n`, `n` a canonical decimal, type id 0…31 |
/// | `C0`–`FF` values | list of 0…63 elements |
///
/// Lengths, counts and ids are LEB128 varints. A link is its target's type name id (the
/// text before the key's first `:`) and the rest of the key. A JSON scalar is tagged
/// `0` null, `1` false, `2` true, `3` int, `4` double, `5` string, `6` array, `7` object.
///
/// `0C` and `0D` appear only in a record's row (a root field's row has no key); a string
/// under `0E` is at least ``prefixedStringMinimum`` bytes and its prefix at least
/// ``prefixMinimum``. Version 1 had none of the three; a file of version 1 (format 1, see
/// ``ImageSchema/formatVersion``) is a miss and starts again.
enum RowFormat {
    static let version: UInt8 = 2
    /// How deep lists (and JSON) may nest in a row the decoder accepts. A record holding a
    /// value nested deeper (the ingest's JSON reader accepts 512 containers) is written, and
    /// its row reads as a miss in the next launch, as any row that does not decode: the check
    /// then asks the network, and the record's next write replaces the row. Decoding (and
    /// encoding) recurse once per level, so the bound also keeps a read on a thread of 512 KB
    /// (a debug build's frames are large) from running out of stack.
    static let maxDepth = 128
    /// The shortest string the encoder puts under a shared prefix.
    static let prefixedStringMinimum = 24
    /// The shortest prefix (up to and including a `/`) the encoder shares.
    static let prefixMinimum = 16

    /// A key's type (`id` false) or id (`id` true): the text before or after its first `:`;
    /// nil without one. Read from the key's UTF-8 in place: a decoder asks for one per tag.
    static func part(of key: RecordKey, id: Bool) -> String? {
        var text = key.rawValue
        return text.withUTF8 { utf8 in
            guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let part =
                id ? UnsafeBufferPointer(rebasing: utf8[(colon + 1)...]) : UnsafeBufferPointer(rebasing: utf8[..<colon])
            return String(decoding: part, as: UTF8.self)
        }
    }
}
