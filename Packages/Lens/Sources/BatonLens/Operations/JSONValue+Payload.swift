extension JSONValue {
    /// One object of a generated payload (``PayloadOperation``, ``PayloadFragment``): `typename`
    /// under each of `typenameKeys` (`__typename` and the aliases the selection gives it), then
    /// each of `members` in order, those that are nil (absent) left out. The object the
    /// compiler's `object(_:)` writes, so each member costs it one line. A value; any thread.
    public static func payload(
        _ typename: String, at typenameKeys: [String] = ["__typename"], _ members: [(String, JSONValue?)] = []
    ) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        fields.reserveCapacity(typenameKeys.count + members.count)
        for key in typenameKeys { fields.append((key, .string(typename))) }
        for (key, value) in members {
            if let value { fields.append((key, value)) }
        }
        return .object(fields)
    }
}
