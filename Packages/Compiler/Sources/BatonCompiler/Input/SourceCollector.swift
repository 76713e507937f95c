import Foundation

/// Reads the GraphQL sources at a path: a `.graphql` (or `.gql`) file whole, the markers of
/// a `.swift` file (see ``SwiftMarkerScanner``), or a directory's such files, recursively
/// and in path order (hidden directories and `.build` skipped).
public enum SourceCollector {
    public static func sources(at path: String) throws(CompilerError) -> [GraphQLSource] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(message: "no such file or directory", file: path, line: 1, column: 1)
        }
        if !isDirectory.boolValue { return try file(path) }
        var sources: [GraphQLSource] = []
        let files = (FileManager.default.subpaths(atPath: path) ?? []).sorted()
        for relative in files where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            sources += try file((path as NSString).appendingPathComponent(relative))
        }
        return sources
    }

    private static func file(_ path: String) throws(CompilerError) -> [GraphQLSource] {
        let isGraphQL = path.hasSuffix(".graphql") || path.hasSuffix(".gql")
        guard isGraphQL || path.hasSuffix(".swift") else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(message: "cannot read the file", file: path, line: 1, column: 1)
        }
        let text = String(decoding: data, as: UTF8.self)
        return isGraphQL ? [GraphQLSource(file: path, text: text)] : SwiftMarkerScanner.sources(in: text, file: path)
    }
}
