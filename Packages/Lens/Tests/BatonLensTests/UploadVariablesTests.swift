import Foundation
import Testing
import BatonLens

/// A mutation taking files, written as the compiler writes one when `baton.json` maps the
/// schema's `Upload` scalar to `Upload` (`"customScalarTypes": {"Upload": {"swift": "Upload"}}`).
enum AttachFilesMutation: TypedVariablesOperation {
    static let document = """
        mutation AttachFiles($files: [Upload!]!, $input: AttachmentInput, $note: String) {
          uploadFiles(files: $files, note: $note) { name }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet {}
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Variables: GraphQLVariables {
        var files: [Upload]
        var input: AttachmentInput? = nil
        var note: String? = nil
        var variableValues: [String: JSONValue] {
            var values: [String: JSONValue] = ["files": files.inputValue]
            if let input { values["input"] = input.inputValue }
            if let note { values["note"] = note.inputValue }
            return values
        }
    }
}

/// An input object holding a file, as the compiler writes one.
struct AttachmentInput: GraphQLInputValue {
    var file: Upload
    var label: String? = nil
    var inputValue: JSONValue {
        var fields: [(String, JSONValue)] = [("file", file.inputValue)]
        if let label { fields.append(("label", label.inputValue)) }
        return .object(fields)
    }
}

@MainActor
struct UploadVariablesTests {
    let transport = ScriptedTransport(
        answering: #"{"data": {"uploadFiles": [{"__typename": "UploadedFile", "name": "a"}]}}"#)

    var environment: GraphQLEnvironment {
        GraphQLEnvironment(store: Store(normalization: Normalization()), transport: transport)
    }

    static let photo = Upload(data: Data("photo".utf8), filename: "photo.png", contentType: "image/png")
    static let scan = Upload(fileURL: URL(fileURLWithPath: "/tmp/scan.pdf"), contentType: "application/pdf")

    @Test func typedVariablesSendEachUploadAtItsPathWithNullInTheVariables() async throws {
        let mutation = MutationHandle(AttachFilesMutation.self, in: environment)
        try await mutation.perform(
            variables: .init(
                files: [Self.photo, Self.scan], input: AttachmentInput(file: Self.scan, label: "nested"), note: "n"))
        let request = try #require(transport.requests.first)
        #expect(
            request.uploads.map(\.dottedPath) == ["variables.files.0", "variables.files.1", "variables.input.file"])
        #expect(request.uploads.map(\.upload) == [Self.photo, Self.scan, Self.scan])
        #expect(request.variables["files"] == .array([.null, .null]))
        #expect(request.variables["input"] == .object([("file", .null), ("label", .string("nested"))]))
        #expect(request.variables["note"] == .string("n"))
        #expect(request.kind == .mutation)
    }

    @Test func variablesWithoutUploadsSendNone() async throws {
        let mutation = MutationHandle(AttachFilesMutation.self, in: environment)
        try await mutation.perform(variables: .init(files: [], note: "only a note"))
        let request = try #require(transport.requests.first)
        #expect(request.uploads.isEmpty)
        #expect(request.variables == ["files": .array([]), "note": .string("only a note")])
    }

    @Test func anUploadEncodedOutsideAMutationIsNull() {
        #expect(Self.photo.inputValue == .null)
        #expect(AttachmentInput(file: Self.photo).inputValue == .object([("file", .null)]))
    }
}
