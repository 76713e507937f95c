import BatonLens

/// The test server's noteAdded subscription, which `/_test/publish` feeds with numbered notes.
enum SoakNoteAddedSubscription: GraphQLOperation {
    static let document =
        "subscription SoakNoteAdded($characterId: ID!) { noteAdded(characterId: $characterId) { id text } }"

    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let noteAdded = Linked<SessionNote?>("noteAdded", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
