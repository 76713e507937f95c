import BatonRecords

/// Where a `JSONValue` tree's arrays keep their elements, read in place: the one place that
/// reaches a tree's containers without copying them out of their values.
///
/// Binding an array out of a `JSONValue` reached through a pointer (`case .array(let x) =
/// value.pointee`) copies it, a retain and a release, atomic, and an outlined copy of the
/// enum: the compiler cannot prove that nothing writes the value while the copy is in use. A
/// `JSONTreeReader` holds its tree's root, so no container in the tree is mutated or freed
/// while it reads, and it may read a container's storage where the value holds it: the
/// value's first word is the array's storage object, which keeps the element count and then
/// the elements at offsets fixed by the standard library's contiguous array layout.
///
/// ``probed`` finds those offsets once per process, from sample arrays through the public
/// API (`withUnsafeBufferPointer`), and checks them on samples of other counts; it is nil when
/// they are not what it expects, and the reader then copies each container as it did before
/// (`JSONTreeReader.storage`). `TreeStorageTests` holds the probe to finding them here and the
/// in-place reads to the copied ones. Immutable; any thread.
struct TreeStorage: Sendable {
    /// Bytes from an array's storage object to its element count.
    let countOffset: Int
    /// Bytes from a `[JSONValue]`'s storage object to its first element.
    let elementsOffset: Int
    /// Bytes from a `[(String, JSONValue)]`'s storage object to its first member.
    let membersOffset: Int

    /// The layout this process's arrays have, or nil when the probe does not find the one it
    /// expects.
    static let probed: TreeStorage? = probe()

    /// The elements of the array `value` holds, in its storage. `value` must hold an array
    /// (`case .array = value.pointee`), and the array must live unmutated while the buffer is
    /// read.
    @inline(__always)
    func elements(of value: UnsafePointer<JSONValue>) -> UnsafeBufferPointer<JSONValue> {
        let storage = Self.storage(of: value)
        return UnsafeBufferPointer(
            start: (storage + elementsOffset).assumingMemoryBound(to: JSONValue.self),
            count: storage.load(fromByteOffset: countOffset, as: Int.self))
    }

    /// The members of the object `value` holds, in its storage; as ``elements(of:)``.
    @inline(__always)
    func members(of value: UnsafePointer<JSONValue>) -> UnsafeBufferPointer<(String, JSONValue)> {
        let storage = Self.storage(of: value)
        return UnsafeBufferPointer(
            start: (storage + membersOffset).assumingMemoryBound(to: (String, JSONValue).self),
            count: storage.load(fromByteOffset: countOffset, as: Int.self))
    }

    /// The storage object of the array `value` holds: the value's first word, loaded as an
    /// address, so nothing is retained.
    @inline(__always)
    private static func storage(of value: UnsafePointer<JSONValue>) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: UnsafeRawPointer(value).load(as: UInt.self)).unsafelyUnwrapped
    }

    /// Finds the offsets from arrays of three and five elements and members, and keeps them
    /// only when both give the same and each count reads back.
    private static func probe() -> TreeStorage? {
        let short = layout(of: [.null, .int(7), .bool(true)], members: [("a", .null), ("b", .int(1)), ("c", "x")])
        let long = layout(
            of: [.int(1), .int(2), .int(3), .int(4), .int(5)],
            members: [("a", .null), ("b", .int(1)), ("c", "x"), ("d", .bool(false)), ("e", .array([]))])
        guard let short, let long, short == long else { return nil }
        return short
    }

    /// The offsets `elements` and `members` are found at in their values, or nil when a
    /// value's first word is not its array's storage as `withUnsafeBufferPointer` places it.
    private static func layout(of elements: [JSONValue], members: [(String, JSONValue)]) -> TreeStorage? {
        guard MemoryLayout<JSONValue>.size >= MemoryLayout<UInt>.size else { return nil }
        let count = 2 * MemoryLayout<Int>.size
        func offset(_ value: JSONValue, first: UnsafeRawPointer?, count elementCount: Int) -> Int? {
            withUnsafePointer(to: value) { value -> Int? in
                guard let first,
                    let storage = UnsafeRawPointer(bitPattern: UnsafeRawPointer(value).load(as: UInt.self)),
                    first > storage, first - storage <= 8 * MemoryLayout<Int>.size,
                    storage.load(fromByteOffset: count, as: Int.self) == elementCount
                else { return nil }
                return first - storage
            }
        }
        let elementsFirst = elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let membersFirst = members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        guard
            let elementsOffset = offset(.array(elements), first: elementsFirst, count: elements.count),
            let membersOffset = offset(.object(members), first: membersFirst, count: members.count)
        else { return nil }
        return TreeStorage(countOffset: count, elementsOffset: elementsOffset, membersOffset: membersOffset)
    }
}

extension TreeStorage: Equatable {}
