import BatonNormalize
import BatonRecords
import Foundation

/// The `multipart/form-data` body of a request carrying files, per the GraphQL multipart
/// request specification: the `operations` part (the request's JSON, `null` at each file's
/// path), the `map` part (`{"0": ["variables.file"]}`), then one part per distinct file.
///
/// Written to a temporary file so URLSession sends it from disk: a file upload is copied in
/// chunks of ``chunkSize`` bytes, never read whole. The caller removes the file (``remove()``)
/// once the exchange ends. A plain value: safe on any thread; writing blocks the calling
/// thread for the time the copy takes.
struct MultipartRequestBody: Sendable {
    /// How much of a file is in memory at once while the body is written.
    static let chunkSize = 256 * 1024

    /// The temporary file holding the whole body.
    let fileURL: URL
    /// The boundary between parts.
    let boundary: String
    /// The body's size in bytes.
    let length: Int64

    /// The request's `Content-Type`.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Checks that every file of `uploads` can be read, then writes the body into `directory`.
    /// An upload placed at several paths is one part the map lists at each.
    static func write(
        operations: Data, uploads: [UploadPlacement], in directory: URL = FileManager.default.temporaryDirectory
    ) throws(UploadError) -> MultipartRequestBody {
        for placement in uploads { try checkReadable(placement) }
        var files: [Upload] = []
        var paths: [[String]] = []
        for placement in uploads {
            if let index = files.firstIndex(of: placement.upload) {
                paths[index].append(placement.dottedPath)
            } else {
                files.append(placement.upload)
                paths.append([placement.dottedPath])
            }
        }
        let map = JSONValue.object(
            paths.enumerated().map { entry in
                (String(entry.offset), JSONValue.array(entry.element.map { .string($0) }))
            })
        let boundary = "baton-" + UUID().uuidString
        let fileURL = directory.appendingPathComponent("baton-upload-\(UUID().uuidString).multipart")
        do {
            guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
                throw UploadError.bodyNotWritten(
                    directory: directory, reason: "cannot create \(fileURL.lastPathComponent)")
            }
            let output = try FileHandle(forWritingTo: fileURL)
            defer { try? output.close() }
            var writer = PartWriter(output: output, boundary: boundary)
            try writer.part(name: "operations", filename: nil, contentType: "application/json", bytes: operations)
            try writer.part(
                name: "map", filename: nil, contentType: "application/json", bytes: Data(map.jsonText().utf8))
            for (index, upload) in files.enumerated() {
                try writer.file(name: String(index), upload: upload)
            }
            try output.write(contentsOf: Data("--\(boundary)--\r\n".utf8))
            let length = Int64(try output.offset())
            return MultipartRequestBody(fileURL: fileURL, boundary: boundary, length: length)
        } catch let error as UploadError {
            try? FileManager.default.removeItem(at: fileURL)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: fileURL)
            throw .bodyNotWritten(directory: directory, reason: String(describing: error))
        }
    }

    /// Deletes the temporary file.
    func remove() {
        try? FileManager.default.removeItem(at: fileURL)
    }

    /// Throws when `placement` names a file that is not there or cannot be opened.
    static func checkReadable(_ placement: UploadPlacement) throws(UploadError) {
        guard case .file(let url) = placement.upload.contents else { return }
        func fail(_ reason: UploadError.Reason) -> UploadError {
            .unreadableFile(url: url, path: placement.dottedPath, reason: reason)
        }
        guard url.isFileURL else { throw fail(.notAFileURL) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw fail(.missing) }
        guard !isDirectory.boolValue else { throw fail(.isDirectory) }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            try handle.close()
        } catch {
            throw fail(.unreadable(error.localizedDescription))
        }
    }
}

/// Writes the parts of a multipart body to a file handle.
private struct PartWriter {
    let output: FileHandle
    let boundary: String

    mutating func part(name: String, filename: String?, contentType: String, bytes: Data) throws {
        try head(name: name, filename: filename, contentType: contentType)
        try output.write(contentsOf: bytes)
        try output.write(contentsOf: Data("\r\n".utf8))
    }

    mutating func file(name: String, upload: Upload) throws {
        switch upload.contents {
        case .data(let bytes):
            try part(name: name, filename: upload.filename, contentType: upload.contentType, bytes: bytes)
        case .file(let url):
            try head(name: name, filename: upload.filename, contentType: upload.contentType)
            let input = try FileHandle(forReadingFrom: url)
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: MultipartRequestBody.chunkSize), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
            try output.write(contentsOf: Data("\r\n".utf8))
        }
    }

    private func head(name: String, filename: String?, contentType: String) throws {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\""
        if let filename { text += "; filename=\"\(Self.quoted(filename))\"" }
        text +=
            "\r\nContent-Type: \(contentType.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""))\r\n\r\n"
        try output.write(contentsOf: Data(text.utf8))
    }

    /// A name as HTML forms quote it: `"`, CR and LF percent-encoded.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
