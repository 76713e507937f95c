import Foundation

/// A file sent with a request per the GraphQL multipart request specification: its bytes
/// (in memory, or a file read in chunks as the request goes out), the filename and the
/// content type the server is told.
///
/// A request carries uploads at variable paths (``GraphQLRequest/uploads``); a transport
/// that sends them (`HTTPTransport`) makes the request `multipart/form-data`.
/// A plain value: safe on any thread.
public struct Upload: Sendable, Hashable {
    /// Where the bytes come from.
    public enum Contents: Sendable, Hashable {
        /// Bytes already in memory.
        case data(Data)
        /// A file on disk: a transport checks it can read it before sending anything, and
        /// copies it in chunks rather than reading it whole.
        case file(URL)
    }

    /// Where the bytes come from.
    public var contents: Contents
    /// The filename the server is told (the part's `Content-Disposition` filename).
    public var filename: String
    /// The MIME type the server is told (the part's `Content-Type`).
    public var contentType: String

    /// An upload of bytes in memory.
    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        contents = .data(data)
        self.filename = filename
        self.contentType = contentType
    }

    /// An upload of the file at `fileURL`, named by its last path component unless `filename`
    /// is given. The file is not opened until the request is sent.
    public init(fileURL: URL, filename: String? = nil, contentType: String = "application/octet-stream") {
        contents = .file(fileURL)
        self.filename = filename ?? fileURL.lastPathComponent
        self.contentType = contentType
    }
}

/// An ``Upload`` and where it goes in the request: the object path the multipart request's
/// `map` names for it, from the request's root (`variables.file`, `variables.files.1`,
/// `variables.input.attachment`). The value at that path is sent as `null`.
///
/// A plain value: safe on any thread.
public struct UploadPlacement: Sendable, Hashable {
    /// The path's members: object member names, and list indices as decimal digits;
    /// the first is `variables`.
    public var path: [String]
    /// The file.
    public var upload: Upload

    /// `upload` at `path`, given as the spec's map writes it: `"variables.files.0"`.
    public init(_ upload: Upload, at path: String) {
        self.path = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.upload = upload
    }

    /// `upload` at the path of `members`, the first being `variables`.
    public init(_ upload: Upload, atPath members: [String]) {
        path = members
        self.upload = upload
    }

    /// The path as the spec's map writes it: `"variables.files.0"`.
    public var dottedPath: String { path.joined(separator: ".") }
}
