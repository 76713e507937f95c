import BatonLens

extension IntegrationNotesQuery {
    static let variables = Variables(id: "1")
    /// The recorded texts: page 1 holds the first two, page 2 the third.
    static let texts = ["Wubba lubba dub dub", "Pickle Rick", "Get schwifty"]
}

extension IntegrationNotesQuery.Data {
    /// The notes' texts in connection order, read through the lenses (tracked).
    var texts: [String] {
        get throws { try self.character?.notes.edges.map { try $0.node.text } ?? [] }
    }
}
