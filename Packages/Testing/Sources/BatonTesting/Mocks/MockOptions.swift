import BatonRecords

/// How a ``MockBuilder`` fills what a test leaves unset. A plain value.
public struct MockOptions: Sendable, Hashable {
    /// How many elements a list the test does not set gets.
    public enum ListLength: Sendable, Hashable {
        /// `[]`, the default.
        case empty
        /// One element, itself filled as any unset value is.
        case one
    }

    /// The length of each list the test does not set: a non-null one, and a nullable one when
    /// ``fillsNullableFields`` is on.
    public var listLength: ListLength
    /// Whether a nullable field the test does not set gets a value too (as a non-null one
    /// does) instead of `null`. A field the test sets to `.null` stays null either way.
    public var fillsNullableFields: Bool
    /// For an interface or a union, the concrete type its positions take when the test does
    /// not choose one (by setting the payload's case): by abstract type name. A position whose
    /// type is not listed takes the first of its possible types in name order. A type that
    /// cannot stand in the position is ``MockError/impossibleConcreteType(_:abstract:possible:)``.
    public var concreteTypes: [String: String]
    /// The value of each custom scalar the test does not set, by scalar name; an unlisted
    /// one gets the string `"<Type.field>"`.
    public var scalars: [String: JSONValue]

    public init(
        listLength: ListLength = .empty, fillsNullableFields: Bool = false, concreteTypes: [String: String] = [:],
        scalars: [String: JSONValue] = [:]
    ) {
        self.listLength = listLength
        self.fillsNullableFields = fillsNullableFields
        self.concreteTypes = concreteTypes
        self.scalars = scalars
    }
}
