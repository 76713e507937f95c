/// `@pageList(argument:, items:, next:)` or `@offsetList(argument:, items:)`: a field whose
/// answers, one per page number or offset, merge into one list under one storage key that
/// leaves the paging argument out, as a `@connection`'s drops `after` and `first`.
///
/// The field answers an object (`Characters { info { next } results { id } }`); `items` names
/// its list field, whose elements are appended page after page. A page starts the list again
/// when its argument is absent, null or the first (page 1, offset 0); any other appends.
/// Carried inside a ``ConnectionTemplate`` so every rule a connection follows (the walk, a
/// lens reading the merged record, the check, collection, the image) holds for it. A plain
/// value: safe on any thread.
public struct PageListTemplate: Sendable, Hashable {
    /// How the argument counts: page numbers from 1, or item offsets from 0.
    public enum Counting: String, Sendable, Hashable {
        case page
        case offset

        /// The argument's value that starts the list.
        public var first: Int { self == .page ? 1 : 0 }

        /// The directive that declares a list counted this way.
        public var directive: String { self == .page ? "pageList" : "offsetList" }
    }

    public let counting: Counting
    /// The field's argument that picks the page (`page`) or the offset (`offset`).
    public let argument: String
    /// The variable that argument is given by, which `loadNext` sets; nil for a literal, which
    /// cannot be paged.
    public let variable: String?
    /// The name of the page object's list field, whose elements are merged.
    public let items: String
    /// The path in the page object to the next page's number (`["info", "next"]`); null there
    /// means the last page. Nil when the answer says nothing of it: the next page is then the
    /// last page merged plus one (plus its item count for an offset), while that page held items.
    public let next: [String]?

    public init(_ counting: Counting, argument: String, variable: String?, items: String, next: [String]? = nil) {
        self.counting = counting
        self.argument = argument
        self.variable = variable
        self.items = items
        self.next = next
    }

    /// The merged list's storage key's name for the field `name`: its arguments but
    /// ``argument`` follow.
    public static func storageName(_ name: String) -> String { "__\(name)_pageList" }
}
