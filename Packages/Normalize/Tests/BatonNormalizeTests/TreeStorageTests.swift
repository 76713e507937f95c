import Testing
import BatonRecords
@testable import BatonNormalize

/// A tree's containers are read where their arrays keep their elements, found by a probe of
/// the array layout: the probe finds it here, and what is read in place is what copies of
/// the arrays read, for the reader's walk and for the comparison of repeated objects.
@Suite struct TreeStorageTests {
    static let long = String(repeating: "a long string held in storage of its own ", count: 3)
    static let trees: [JSONValue] = [
        .array([]),
        .object([]),
        .array([.null, .bool(true), .int(-3), .double(2.5), .string("short"), .string(long)]),
        .object([("a", .array([.array([]), .object([("b", .array([.int(1), .object([])]))])])), ("c", .null)]),
        .object((0..<40).map { ("member\($0)", .array((0..<$0).map { JSONValue.int($0) })) }),
        .object([("aKeyLongerThanFifteenBytes", .string(long)), ("Ünïcödé kéy", .string("Ünïcödé välüé"))]),
    ]

    @Test func theProbeFindsTheArraysLayoutOnThisPlatform() {
        #expect(TreeStorage.probed != nil)
    }

    @Test func elementsAndMembersReadInPlaceAreTheArraysOwn() throws {
        let storage = try #require(TreeStorage.probed)
        for count in [0, 1, 2, 17, 1_000] {
            var elements: [JSONValue] = []
            elements.reserveCapacity(2 * count + 1)
            elements += (0..<count).map { JSONValue.int($0) }
            let members = (0..<count).map { ("key\($0)", JSONValue.string("value \($0)")) }
            let (read, own) = withUnsafePointer(to: JSONValue.array(elements)) { value in
                (storage.elements(of: value), elements.withUnsafeBufferPointer { $0 })
            }
            #expect(read.baseAddress == own.baseAddress && read.count == count)
            let (readMembers, ownMembers) = withUnsafePointer(to: JSONValue.object(members)) { value in
                (storage.members(of: value), members.withUnsafeBufferPointer { $0 })
            }
            #expect(readMembers.baseAddress == ownMembers.baseAddress && readMembers.count == count)
        }
    }

    @Test func aTreeWalkedInPlaceReadsAsOneWalkedThroughCopies() throws {
        for tree in Self.trees {
            var inPlace = JSONTreeReader(tree, storage: TreeStorage.probed)
            let readInPlace = try Self.walk(&inPlace)
            var copied = JSONTreeReader(tree, storage: nil)
            let readCopied = try Self.walk(&copied)
            #expect(readInPlace == tree)
            #expect(readCopied == tree)
        }
    }

    @Test func repeatsCompareAlikeInPlaceAndThroughCopies() throws {
        let storage = TreeStorage.probed
        #expect(storage != nil)
        let others: [JSONValue] = [
            .array([.null]),
            .object([("c", .null), ("a", .array([]))]),
            .array([.null, .bool(true), .int(-3), .double(2.5), .string("short"), .string(Self.long + ".")]),
            .object([
                ("a", .array([.array([]), .object([("b", .array([.int(1), .object([("d", .null)])]))])])), ("c", .null),
            ]),
            .object([("aKeyLongerThanFifteenBytez", .string(Self.long)), ("Ünïcödé kéy", .string("Ünïcödé välüé"))]),
            .object([("aKeyLongerThanFifteenBytes", .string(Self.long)), ("Ünïcödé kéy", .string("Ünïcödé välüe"))]),
        ]
        // Each tree against itself, a copy of itself made anew (other storage), and the others.
        let made = try Self.trees.map { try JSONValue.parse($0.jsonBytes()) }
        for (index, tree) in Self.trees.enumerated() {
            for other in Self.trees + others + [made[index]] {
                let inPlace = withUnsafePointer(to: tree) { a in
                    withUnsafePointer(to: other) { b in JSONTreeReader.same(a, b, in: storage) }
                }
                let copied = withUnsafePointer(to: tree) { a in
                    withUnsafePointer(to: other) { b in JSONTreeReader.same(a, b, in: nil) }
                }
                #expect(inPlace == copied, "\(tree) against \(other)")
                #expect(inPlace == (tree.jsonBytes() == other.jsonBytes()), "\(tree) against \(other)")
            }
        }
    }

    /// The value `reader` reads, walked token by token as the ingest walks a tree.
    static func walk(_ reader: inout JSONTreeReader) throws -> JSONValue {
        switch try reader.peekKind() {
        case .object:
            try reader.beginObject()
            var members: [(String, JSONValue)] = []
            while let key = try reader.nextKey() {
                let name = key.string
                members.append((name, try walk(&reader)))
            }
            return .object(members)
        case .array:
            try reader.beginArray()
            var elements: [JSONValue] = []
            while try reader.nextElement() { elements.append(try walk(&reader)) }
            return .array(elements)
        case .string: return .string(try reader.readString())
        case .number:
            switch try reader.readNumber() {
            case .int(let i): return .int(i)
            case .double(let d): return .double(d)
            }
        case .bool: return .bool(try reader.readBool())
        case .null:
            try reader.readNull()
            return .null
        }
    }
}
