import Foundation
import BatonLens

/// A GraphQL enum over Character.status, whose server also sends values added later.
enum LifeStatus: GraphQLEnum, Equatable {
    case alive, dead, unknownStatus
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "Alive": self = .alive
        case "Dead": self = .dead
        case "unknown": self = .unknownStatus
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .alive: "Alive"
        case .dead: "Dead"
        case .unknownStatus: "unknown"
        case .unknown(let raw): raw
        }
    }
}

/// A custom scalar: an amount in cents, sent as text.
struct Cents: CustomScalar, Equatable {
    enum Invalid: Error { case notCents(String) }
    let value: Int

    init(scalar: Value) throws {
        guard case .string(let text) = scalar, let cents = Int(text) else {
            throw Invalid.notCents("\(scalar.kindText)")
        }
        value = cents
    }
}

/// A custom scalar over structured JSON.
struct Blob: CustomScalar, Equatable {
    let members: [String]

    init(scalar: Value) throws {
        guard case .scalar(.object(let members)) = scalar else { throw Cents.Invalid.notCents("not an object") }
        self.members = members.map(\.0)
    }
}

extension Value {
    var kindText: String {
        switch self {
        case .string: "string"
        case .int: "int"
        default: "other"
        }
    }
}

/// Every scalar shape the tokenizer type has.
enum ReadsQuery: GraphQLOperation {
    static let document = """
        query Reads {
          tokenizer { id text strings count counts ratio ratios flag flags json jsons }
          character(id: "1") { id name status image origin { id name } episode { id name } }
        }
        """

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet {
            let tokenizer = Linked<TokenizerLens?>("tokenizer")
            let character = Linked<CharacterLens?>("character", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}

struct TokenizerLens: Fragment {
    static let typeCondition = "Tokenizer"
    struct Fields: FieldSet {
        let id = Scalar<String>("id")
        let text = Scalar<String>("text")
        let cents = Scalar<Cents>("text", alias: "text")
        let strings = Scalar<[String?]>("strings")
        let count = Scalar<Int>("count")
        let counts = Scalar<[Int]>("counts")
        let ratio = Scalar<Double>("ratio")
        let ratios = Scalar<[Double]>("ratios")
        let flag = Scalar<Bool>("flag")
        let flags = Scalar<[Bool]>("flags")
        let json = Scalar<Blob>("json")
        let rawJSON = Scalar<Value>("json")
        let jsons = Scalar<[Value]>("jsons")
    }
    static let fields = Fields()
    let ref: RecordRef
}

struct CharacterLens: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {
        let name = Scalar<String>("name")
        let status = Scalar<LifeStatus>("status")
        let image = Scalar<String?>("image")
        let origin = Linked<LocationLens?>("origin")
        let episodes = Linked<[EpisodeLens]>("episode")
        let optionalEpisodes = Linked<[EpisodeLens?]>("episode")
    }
    static let fields = Fields()
    let ref: RecordRef
}

struct LocationLens: Fragment {
    static let typeCondition = "Location"
    struct Fields: FieldSet {
        let id = Scalar<String>("id")
        let name = Scalar<String?>("name")
    }
    static let fields = Fields()
    let ref: RecordRef
}

struct EpisodeLens: Fragment {
    static let typeCondition = "Episode"
    struct Fields: FieldSet {
        let id = Scalar<String>("id")
        let name = Scalar<String>("name")
    }
    static let fields = Fields()
    let ref: RecordRef
}

/// A field whose argument is a variable: each variables' plan gives it its own storage key.
enum CharacterByIDQuery: GraphQLOperation {
    static let document = "query CharacterByID($id: ID!) { character(id: $id) { id name } }"

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<CharacterNameLens?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A character's id and name.
struct CharacterNameLens: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {
        let id = Scalar<String>("id")
        let name = Scalar<String>("name")
    }
    static let fields = Fields()
    let ref: RecordRef
}

enum Responses {
    static let rick = #"{"data":{"character":{"id":"1","name":"Rick"}}}"#
    static let morty = #"{"data":{"character":{"id":"2","name":"Morty"}}}"#
    static let reads = """
        {"data":{"tokenizer":{"id":"t","text":"1250","strings":["a",null,"c"],"count":3,"counts":[1,2],\
        "ratio":2,"ratios":[0.5,1],"flag":true,"flags":[true,false],"json":{"a":1,"b":[2]},"jsons":[{"c":3},4]},\
        "character":{"id":"1","name":"Rick","status":"Zombie","image":null,"origin":{"id":"1","name":null},\
        "episode":[{"id":"1","name":"Pilot"},{"id":"2","name":"Lawnmower Dog"}]}},\
        "errors":[{"message":"origin name unavailable","path":["character","origin","name"]}]}
        """
}
