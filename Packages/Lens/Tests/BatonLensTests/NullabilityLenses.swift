import BatonLens

/// `query Origins { character(id: "1") { id name origin { id name type } } }`, read through
/// lenses carrying Relay's nullability directives.
enum OriginsDocument {
    static let text = #"query Origins { character(id: "1") { id name origin { id name type } } }"#
    static let response = """
        {"data":{"character":{"id":"1","name":"Rick","origin":{"id":"1","name":null,"type":null}}},\
        "errors":[{"message":"origin type unavailable","path":["character","origin","type"]}]}
        """
}

/// `@required(action: NONE)` on the origin's name.
enum RequiredNoneQuery: GraphQLOperation {
    static var document: String { OriginsDocument.text }
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String>("name")
            let origin = Linked<Origin?>("origin")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Origin: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet { let name = Scalar<String>("name", required: .none) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// `@required(action: THROW)` on the origin's name.
enum RequiredThrowQuery: GraphQLOperation {
    static var document: String { OriginsDocument.text }
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let origin = Linked<Origin?>("origin") }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Origin: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet { let name = Scalar<String>("name", required: .throw) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// `@required(action: LOG)` on the origin's name.
enum RequiredLogQuery: GraphQLOperation {
    static var document: String { OriginsDocument.text }
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let origin = Linked<Origin?>("origin") }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Origin: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet { let name = Scalar<String>("name", required: .log) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// `@catch` on the origin's type, and a `@throwOnFieldError` fragment over the origin.
enum CatchQuery: GraphQLOperation {
    static var document: String { OriginsDocument.text }
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let origin = Linked<Origin?>("origin")
            let strictOrigin = Linked<StrictOrigin?>("origin", alias: "origin")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Origin: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet {
            let type = Caught<String>("type")
            let id = Caught<String>("id")
            let rawType = Scalar<String?>("type")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct StrictOrigin: Fragment {
        static let typeCondition = "Location"
        static let throwsOnFieldError = true
        struct Fields: FieldSet {
            let id = Scalar<String>("id")
            let type = Scalar<String?>("type")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}
