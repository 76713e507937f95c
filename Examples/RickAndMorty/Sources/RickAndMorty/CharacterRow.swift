import BatonLens

/// A character as a row of the list: what the list view reads of each `Character` record.
struct CharacterRow: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {
        let id = Scalar<String?>("id")
        let name = Scalar<String?>("name")
        let status = Scalar<String?>("status")
        let species = Scalar<String?>("species")
    }
    static let fields = Fields()
    let ref: RecordRef
}
