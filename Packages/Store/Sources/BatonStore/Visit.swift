/// A record walked with a selection: collection and the check walk
/// each pair once.
struct Visit: Hashable {
    let record: ObjectIdentifier
    let selection: ObjectIdentifier
}
