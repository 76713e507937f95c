/// Which variables page a `@connection` field, as Relay derives them from the field's own
/// arguments: forward when `first` and `after` are both variables, backward when `last` and
/// `before` are. A direction whose arguments are missing or literals cannot be paged.
///
/// Derived once from the field's arguments as written (``init(arguments:)``), by the runtime
/// planner and by `baton-compile` alike, and carried from the template to the plan. A plain
/// value: safe on any thread.
public struct ConnectionPaging: Sendable, Hashable {
    /// The variable that sets a page's size and the one that sets its cursor.
    public struct Variables: Sendable, Hashable {
        public let count: String
        public let cursor: String

        public init(count: String, cursor: String) {
            self.count = count
            self.cursor = cursor
        }
    }

    /// A direction to page in.
    public enum Direction: String, Sendable, Hashable {
        /// After the connection's `endCursor`: `first` and `after`.
        case forward
        /// Before the connection's `startCursor`: `last` and `before`.
        case backward

        /// The arguments that page this way: the page size's, then the cursor's.
        public var arguments: (count: String, cursor: String) {
            switch self {
            case .forward: ("first", "after")
            case .backward: ("last", "before")
            }
        }

        /// The fields of the connection's `pageInfo` that page this way: whether a page
        /// follows in this direction, then the cursor it starts from.
        public var pageInfoFields: (flag: String, cursor: String) {
            switch self {
            case .forward: ("hasNextPage", "endCursor")
            case .backward: ("hasPreviousPage", "startCursor")
            }
        }
    }

    /// `first` and `after`'s variables; nil when the connection cannot page forward.
    public let forward: Variables?
    /// `last` and `before`'s variables; nil when the connection cannot page backward.
    public let backward: Variables?

    /// A connection that pages neither way.
    public static let none = ConnectionPaging(forward: nil, backward: nil)

    public init(forward: Variables? = nil, backward: Variables? = nil) {
        self.forward = forward
        self.backward = backward
    }

    /// The paging of a field with `arguments` as written.
    public init(arguments: [(name: String, value: InputValue)]) {
        func variables(_ direction: Direction) -> Variables? {
            let names = direction.arguments
            guard case .variable(let count)? = arguments.first(where: { $0.name == names.count })?.value,
                case .variable(let cursor)? = arguments.first(where: { $0.name == names.cursor })?.value
            else { return nil }
            return Variables(count: count, cursor: cursor)
        }
        self.init(forward: variables(.forward), backward: variables(.backward))
    }

    /// The variables that page `direction`; nil when it cannot be paged.
    public subscript(direction: Direction) -> Variables? {
        switch direction {
        case .forward: forward
        case .backward: backward
        }
    }
}
