import BatonLens

/// A note as the notes view and the edit mutation read it.
struct NoteRow: Fragment {
    static let typeCondition = "Note"
    struct Fields: FieldSet {
        let id = Scalar<String>("id")
        let text = Scalar<String>("text")
    }
    static let fields = Fields()
    let ref: RecordRef
}
