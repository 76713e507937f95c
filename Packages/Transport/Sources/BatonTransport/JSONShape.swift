import BatonNormalize
import Foundation

/// A JSON object's top level as the transport needs it: its member names and where each
/// value lies, read with Normalize's `JSONReader`, the one JSON scanner Baton has. This is
/// how the transport tells a GraphQL response from an HTML error page, and lifts a
/// subscription's `payload` out of its envelope, without building the values (the ingest
/// reads the bytes once more, into records).
///
/// A stateless namespace: safe on any thread.
enum JSONShape {
    struct Member {
        var name: String
        var value: Range<Int>
    }

    /// The top-level members of `data`, which must be one JSON object (with optional
    /// surrounding whitespace), each value validated as strictly as the ingest reads it.
    static func members(of data: Data) throws(JSONReadError) -> [Member] {
        var reader = JSONReader(data)
        try reader.beginObject()
        var members: [Member] = []
        while let key = try reader.nextKey() {
            let name = key.string
            _ = try reader.peekKind()
            let start = reader.currentOffset
            try reader.skipValue()
            members.append(Member(name: name, value: start..<reader.currentOffset))
        }
        try reader.finish()
        return members
    }

    /// True when `data` opens a JSON object that has a `data` or an `errors` member.
    ///
    /// It reads only as far as the first such member: the caller hands the body to the
    /// ingest, which validates the whole text and names the offset of any fault in it. So a
    /// cut-off GraphQL response is reported by the ingest as the malformed JSON it is, and an
    /// HTML page or a JSON body without those members is not a GraphQL response.
    static func isGraphQLResponse(_ data: Data) -> Bool {
        var reader = JSONReader(data)
        do {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                if key.equals("data") || key.equals("errors") { return true }
                try reader.skipValue()
            }
            return false
        } catch {
            return false
        }
    }
}
