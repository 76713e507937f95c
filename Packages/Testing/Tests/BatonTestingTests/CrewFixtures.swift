import BatonLens
import BatonTesting
import Foundation

/// A schema of characters and episodes, for handles that reach some records and not others.
enum Crew {
    static let sdl = """
        type Query { character(id: ID!): Character characters: [Character!]! episode(id: ID!): Episode }
        type Subscription { nameChanged(id: ID!): Character }
        type Character { id: ID! name: String! }
        type Episode { id: ID! title: String! }
        """

    static let normalization = Normalization(schema: try! GraphQLSchema.parse(sdl: sdl))

    /// An environment over a fresh store under the schema and `clock`, talking to `transport`.
    @MainActor static func environment(_ transport: ScriptedTransport, clock: CrewClock = CrewClock())
        -> GraphQLEnvironment
    {
        GraphQLEnvironment(
            store: Store(normalization: normalization, now: { clock.date }), transport: transport,
            log: { clock.events.append($0) })
    }

    static func character(_ name: String, id: String) -> JSONValue {
        ["character": ["id": .string(id), "name": .string(name)]]
    }

    static func characters(_ names: [String]) -> JSONValue {
        [
            "characters": .array(
                names.enumerated().map { ["id": .string("\($0.offset + 1)"), "name": .string($0.element)] })
        ]
    }

    static func episode(_ title: String, id: String) -> JSONValue {
        ["episode": ["id": .string(id), "title": .string(title)]]
    }
}

/// The store's clock, which a test moves on, and the environment's log. Main actor.
@MainActor
final class CrewClock {
    var date = Date(timeIntervalSince1970: 1_700_000_000)
    var events: [LensEvent] = []

    func advance(by seconds: TimeInterval) {
        date += seconds
    }

    /// The operations the log says revalidated for `reason`, in order.
    func revalidated(_ reason: RevalidationReason) -> [String] {
        events.compactMap { event in
            guard case .revalidating(let operation, reason) = event else { return nil }
            return operation
        }
    }
}

struct CrewEpisode: Fragment {
    static let typeCondition = "Episode"
    struct Fields: FieldSet { let title = Scalar<String>("title") }
    static let fields = Fields()
    let ref: RecordRef
}

enum CrewCharactersQuery: GraphQLOperation {
    static let document = "query Characters { characters { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Linked<[NamedCharacter]>("characters") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

enum CrewEpisodeQuery: GraphQLOperation {
    static let document = "query Episode($id: ID!) { episode(id: $id) { id title } }"
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let episode = Linked<CrewEpisode?>("episode", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// ``CharacterQuery`` whose data goes stale a minute after its fetch (`@cacheExpiration(seconds: 60)`).
enum CrewExpiringCharacterQuery: GraphQLOperation {
    static let document = "query ExpiringCharacter($id: ID!) { character(id: $id) { id name } }"
    static let cacheExpiration: Duration? = .seconds(60)
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<NamedCharacter?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

extension ScriptedTransport {
    /// How many requests named `operationName` (under exactly `variables`, when given) were sent.
    func count(_ operationName: String, variables: [String: JSONValue]? = nil) -> Int {
        requests.filter { $0.operationName == operationName && (variables == nil || $0.variables == variables) }.count
    }
}

extension QueryHandle {
    /// Answers the handle's held request with `data` and waits until the handle is ready.
    func answer(_ data: JSONValue, from transport: ScriptedTransport) async throws {
        try await transport.next(named: plan?.name, variables: variables).answer(data: data)
        try await waitUntil(.ready)
    }

    /// Whether a fetch of the handle's operation is in flight in `environment`.
    func isFetching(in environment: GraphQLEnvironment) -> Bool {
        plan.map { environment.isFetching($0.identity) } ?? false
    }
}
