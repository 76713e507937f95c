import Foundation

extension MultipartParser {
    /// How a part's body tells where it ends, chosen from the part's headers: so a part
    /// comes out when its last byte arrives, not when the next delimiter does.
    enum PartEnd: Sendable {
        /// After as many bytes as its `Content-Length` header says.
        case length(Int)
        /// After its JSON object or array: a part typed `application/json` (or `+json`), or
        /// untyped, as GraphQL servers send them.
        case json(JSONValueEnd)
        /// At the next delimiter: any other body.
        case delimiter

        /// The end its headers (names lowercased) promise; throws for a `Content-Length`
        /// that is not a byte count.
        init(headers: [String: String]) throws(Failure) {
            if let length = headers["content-length"] {
                guard let count = Int(length.trimmingCharacters(in: .whitespaces)), count >= 0 else {
                    throw .invalidContentLength(length)
                }
                self = .length(count)
                return
            }
            guard let type = headers["content-type"] else {
                self = .json(JSONValueEnd())
                return
            }
            let mediaType =
                type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            self = mediaType == "application/json" || mediaType.hasSuffix("+json") ? .json(JSONValueEnd()) : .delimiter
        }

        /// Where the body ends within `body[0..<limit]`, if that is known yet. `limit` is
        /// where the next delimiter begins, or the end of what has arrived.
        mutating func end(in body: [UInt8], upTo limit: Int) -> Int? {
            switch self {
            case .length(let count):
                return count <= limit ? count : nil
            case .json(var scan):
                let end = scan.end(in: body, upTo: limit)
                self = .json(scan)
                return end
            case .delimiter:
                return nil
            }
        }
    }
}
