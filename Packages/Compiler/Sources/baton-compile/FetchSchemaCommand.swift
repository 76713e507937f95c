import BatonCompiler
import Foundation

/// `baton-compile fetch-schema`: downloads a server's schema as SDL (``SchemaDownload``).
///
///     baton-compile fetch-schema --endpoint URL [--header 'Name: value']... --output schema.graphql [--timeout s]
///
/// Writes the file only when its text changes; a failure is one line on standard error
/// (`baton-compile: error: …`) and exit status 1, a wrong invocation the usage and 2.
enum FetchSchemaCommand {
    static let usage =
        "baton-compile fetch-schema --endpoint <url> [--header 'Name: value']... --output <schema.graphql> [--timeout <seconds>]"

    /// Runs with the arguments after `fetch-schema`; the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        var endpoint: URL?
        var output: String?
        var headers: [String] = []
        var timeout: TimeInterval = 30
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--endpoint": endpoint = rest.popFirst().flatMap { URL(string: $0) }
            case "--output": output = rest.popFirst()
            case "--header": if let header = rest.popFirst() { headers.append(header) }
            case "--timeout": timeout = rest.popFirst().flatMap(TimeInterval.init) ?? timeout
            case "--help", "-h":
                print("usage: " + usage)
                return 0
            default:
                return fail("unknown argument '\(argument)'\nusage: " + usage, status: 2)
            }
        }
        guard let endpoint, endpoint.scheme == "http" || endpoint.scheme == "https", let output else {
            return fail("fetch-schema needs --endpoint <http(s) url> and --output <file>\nusage: " + usage, status: 2)
        }
        do throws(SchemaDownloadError) {
            var download = SchemaDownload(endpoint: endpoint, timeout: timeout)
            for header in headers { download.headers.append(try SchemaDownload.header(header)) }
            let sdl = try await download.sdl()
            let existing = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
            if existing != sdl, !FileManager.default.createFile(atPath: output, contents: Data(sdl.utf8)) {
                return fail("cannot write \(output)", status: 1)
            }
            return 0
        } catch {
            return fail(error.description, status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        FileHandle.standardError.write(Data(("baton-compile: error: " + message + "\n").utf8))
        return status
    }
}
