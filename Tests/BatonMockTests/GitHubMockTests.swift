import BatonLens
import BatonNormalize
import BatonStore
import BatonTesting
import Foundation
import Testing

/// Mocks of Apollo iOS's `IssuesAndCommentsForRepository` query over GitHub's schema, built from
/// what the plugin generated (the typed payload, the template, `BatonSchema.selectedSchema`)
/// and fetched through a recorded transport into a store: the ingest a server's response
/// takes, then the query's lenses.
@MainActor
@Suite struct GitHubMockTests {
    typealias IssuesQuery = IssuesAndCommentsForRepositoryQuery

    static func mocks(_ options: MockOptions = MockOptions()) throws -> MockBuilder {
        try MockBuilder(schema: BatonSchema.selectedSchema, normalization: BatonSchema.normalization, options: options)
    }

    /// Fetches the query into a new store through a transport that answers it with
    /// `response` (recorded in a temporary folder, removed after the fetch), and returns the
    /// environment.
    static func environment(fetching response: [UInt8]) async throws -> GraphQLEnvironment {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-mocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(response).write(to: directory.appending(path: "IssuesAndCommentsForRepository.json"))
        let environment = GraphQLEnvironment(
            store: Store(normalization: BatonSchema.normalization), transport: RecordedTransport(directory: directory))
        try await environment.fetch(IssuesQuery.self)
        return environment
    }

    @Test func aMockWithThreeFieldsSetIngestsAndTheLensesReadThem() async throws {
        let payload = IssuesQuery.Payload(
            repository: .init(
                id: "R1", name: "apollo-ios",
                issues: .init(nodes: [
                    .init(id: "I1", title: "Crash on launch", author: .user(.init(id: "U1", login: "octocat")))
                ])))
        let response = try Self.mocks().response(IssuesQuery.self, payload: payload)
        #expect(
            String(decoding: response, as: UTF8.self)
                == #"{"data":{"repository":{"__typename":"Repository","name":"apollo-ios","issues":{"#
                + #""__typename":"IssueConnection","nodes":[{"__typename":"Issue","title":"Crash on launch","#
                + #""author":{"__typename":"User","login":"octocat","id":"U1","name":null},"body":"<Issue.body>","#
                + #""comments":{"__typename":"IssueCommentConnection","nodes":null},"id":"I1"}]},"id":"R1"}}}"#)
        let environment = try await Self.environment(fetching: response)

        let handle = QueryHandle(IssuesQuery.self, policy: .cacheOnly, in: environment)
        let repository = try #require(try handle.data?.repository)
        #expect(try repository.name == "apollo-ios")
        let issues = try #require(try repository.issues.nodes)
        #expect(issues.count == 1)
        let issue = try #require(issues[0])
        #expect(try issue.title == "Crash on launch")
        #expect(try issue.body == "<Issue.body>")
        #expect(try issue.comments.nodes == nil, "a nullable list the test does not set is null")
        let author = try #require(try issue.author)
        #expect(try author.login == "octocat")
        guard case .user(let user) = author.on else {
            Issue.record("the author is not the user the test set")
            return
        }
        #expect(try user.id == "U1")
        #expect(try user.name == nil, "a nullable field the test does not set is null")
    }

    @Test func aWholeMockIsTheSameBytesEachTimeAndIngestsWithTheChosenActor() async throws {
        let options = MockOptions(listLength: .one, fillsNullableFields: true, concreteTypes: ["Actor": "Bot"])
        let response = try Self.mocks(options).response(IssuesQuery.self)
        #expect(response == (try Self.mocks(options).response(IssuesQuery.self)))
        let text = String(decoding: response, as: UTF8.self)
        #expect(text.contains(#""author":{"__typename":"Bot","login":"<Bot.login>"}"#), "\(text)")
        #expect(text.contains(#""id":"<Issue.id.1>""#) && text.contains(#""id":"<IssueComment.id.1>""#))

        let environment = try await Self.environment(fetching: response)
        let handle = QueryHandle(IssuesQuery.self, policy: .cacheOnly, in: environment)
        let issue = try #require(try handle.data?.repository?.issues.nodes?.first ?? nil)
        let comment = try #require(try issue.comments.nodes?.first ?? nil)
        #expect(try comment.body == "<IssueComment.body>")
        let author = try #require(try comment.author)
        guard case .other = author.on else {
            Issue.record("the comment's author is a user, not the chosen bot")
            return
        }
    }

    @Test func anActorThatIsNoPossibleTypeIsRefused() throws {
        let mocks = try Self.mocks(MockOptions(concreteTypes: ["Actor": "Repository"]))
        #expect {
            try mocks.data(IssuesQuery.self)
        } throws: { error in
            guard case MockError.impossibleConcreteType("Repository", abstract: "Actor", let possible) = error else {
                return false
            }
            return possible == ["Bot", "EnterpriseUserAccount", "Mannequin", "Organization", "User"]
        }
    }

    @Test func aFragmentMockOnAnInterfaceTakesThePayloadsCaseOrTheChosenType() throws {
        let user = try Self.mocks().data(AuthorDetails.self, payload: .user(.init(id: "U1", login: "octocat")))
        #expect(user.jsonText() == #"{"__typename":"User","login":"octocat","id":"U1","name":null}"#)
        #expect(try Self.mocks().data(AuthorDetails.self).jsonText() == #"{"__typename":"Bot","login":"<Bot.login>"}"#)
        let organization = try Self.mocks(MockOptions(concreteTypes: ["Actor": "Organization"])).data(
            AuthorDetails.self)
        #expect(organization[member: "__typename"] == "Organization")
    }

    @Test func theSelectedSchemaHoldsWhatTheQueryReadsAndNoMore() throws {
        let schema = try GraphQLSchema.parse(sdl: BatonSchema.selectedSchema)
        #expect(schema.possibleTypes("Actor") == ["Bot", "EnterpriseUserAccount", "Mannequin", "Organization", "User"])
        #expect(schema.field("title", on: "Issue")?.type.description == "String!")
        #expect(schema.field("name", on: "User")?.type.description == "String")
        #expect(schema.field("login", on: "Bot")?.type.description == "String!")
        #expect(schema.field("createdAt", on: "Issue") == nil)
        #expect(schema.types.count < 20)
    }
}
